import DICfgCore
import Testing

@Suite struct TypeBindingsTests {
  // eventsList (1) collaborates with [addEvent (2), root (0)]; addEvent with [eventsList, root].
  let collaborators = [[], [2, 0], [1, 0]]

  @Test func collaboratorsAreSearchedBreadthFirstInListedOrder() {
    #expect(CollaboratorSearch.order(from: 1, collaborators: collaborators) == [1, 2, 0])
    #expect(CollaboratorSearch.order(from: 0, collaborators: collaborators) == [0])
  }

  @Test func theNearestContainerBindingATypeDecidesEvenWhenAFartherOneBindsItToo() {
    var root = TypeBindings()
    root.bind(0, type: "Clock", as: [])
    root.bind(1, type: "HTTPClient", as: ["NetworkClient"])
    var eventsList = TypeBindings()
    eventsList.bind(2, type: "Presenter", as: [])
    var addEvent = TypeBindings()
    addEvent.bind(3, type: "StubClient", as: ["NetworkClient"])
    addEvent.bind(4, type: "OtherStub", as: ["NetworkClient"])
    let containers = [root, eventsList, addEvent]
    let order = CollaboratorSearch.order(from: 1, collaborators: collaborators)

    let network = TypeBindings.nearest("NetworkClient", along: order, in: containers)
    #expect(network?.container == 2)
    #expect(network?.services == [3, 4])
    #expect(TypeBindings.nearest("Clock", along: order, in: containers)?.services == [0])
    #expect(TypeBindings.nearest("Missing", along: order, in: containers) == nil)

    let visible = TypeBindings.visible(along: order, in: containers)
    #expect(visible["NetworkClient"] == [3, 4])
    #expect(visible["HTTPClient"] == [1])
    #expect(visible.count == 6)
    #expect(TypeBindings.visible(along: [0], in: containers)["NetworkClient"] == [1])
  }

  @Test func aServiceBindsEachTypeOnceEvenWhenItsAsRepeatsItsType() {
    var bindings = TypeBindings()
    bindings.bind(7, type: "Cache", as: ["Cache", "Store", "Store"])
    bindings.bind(8, type: nil, as: [])
    #expect(bindings.services == ["Cache": [7], "Store": [7]])
  }
}
