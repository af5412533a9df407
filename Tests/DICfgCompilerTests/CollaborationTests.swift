import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct CollaborationTests {
  private let dip = """
    dicfg: 1
    containers:
      root:
        services:
          dataStore: { type: CoreDataStore, as: [DataStore], scope: singleton }
      eventsList:
        collaborators: [addEvent, root]
        services:
          eventsListWireframe:
            type: EventsListWireframe
            init: { dataStore: DataStore }
            properties: { addEventWireframe: AddEventWireframe }
      addEvent:
        collaborators: [eventsList, root]
        services:
          addEventWireframe:
            type: AddEventWireframe
            properties: { eventsListWireframe: EventsListWireframe, dataStore: DataStore }
    """

  @Test func referencesAreFoundInCollaborators() throws {
    let (result, _) = compile(dip)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    #expect(plan.containers.map(\.name) == ["root", "eventsList", "addEvent"])
    #expect(plan.containers[1].collaborators == [2, 0])
    let wireframe = plan.containers[1].services[0]
    #expect(wireframe.initializer[0].value == .service(.init(container: 0, service: 0)))
    #expect(wireframe.properties[0].value == .service(.init(container: 2, service: 0)))
  }

  @Test func unknownAndSelfCollaborators() {
    let (result, files) = compile(
      "dicfg: 1\ncontainers:\n  root: {}\n  a:\n    collaborators: [1️⃣rot, 2️⃣a]\n")
    #expect(
      summaries(result.diagnostics) == [
        at(.unknownCollaborator, files["app.yaml", "1️⃣"]), at(.selfCollaboration, files["app.yaml", "2️⃣"]),
      ])
    #expect(result.diagnostics[0].message.hasSuffix("did you mean 'root'?"))
  }

  @Test func aReferenceToAServiceOfAContainerThatIsNotACollaboratorSaysWhereItIs() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      containers:
        root:
          services:
            2️⃣dataStore: { type: CoreDataStore, scope: singleton }
        eventsList:
          services:
            wireframe: { type: EventsListWireframe, init: { dataStore: 1️⃣dataStore } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownReference, at: files["app.yaml", "1️⃣"],
          "argument 'dataStore' of 'wireframe' refers to 'dataStore', which container 'root' defines, but "
            + "'eventsList' does not collaborate with 'root'; add 'root' to the 'collaborators' of 'eventsList'")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == files["app.yaml", "2️⃣"])
  }

  @Test func aMisspeltCollaboratorIsTheOneFindingForTheReferencesItWouldHaveProvided() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      containers:
        root:
          services:
            dataStore: { type: CoreDataStore, scope: singleton }
        eventsList:
          collaborators: [1️⃣rooot]
          services:
            wireframe: { type: EventsListWireframe, init: { dataStore: dataStore, clock: clock } }
      """)
    #expect(summaries(result.diagnostics) == [at(.unknownCollaborator, files["app.yaml", "1️⃣"])])
    #expect(
      result.diagnostics.first?.notes.last?.message
        == "2 references from this container that nothing it sees provides are left out; fix the collaborator's "
        + "name first")
  }
}
