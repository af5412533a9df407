import DICfg
import Testing

// Swinject's basic example.

protocol Animal: Sendable {
  var name: String? { get }
}
final class Cat: Animal {
  let name: String?
  init(name: String?) { self.name = name }
}
protocol Person: Sendable {
  func play() -> String
}
final class PetOwner: Person {
  let pet: any Animal
  init(pet: any Animal) { self.pet = pet }
  func play() -> String { "I'm playing with \(pet.name ?? "someone")." }
}

@Suite struct SwinjectExampleTests {
  @Test func petOwnerPlaysWithMimi() throws {
    var registry = Registry()
    try registry.register(Cat.init(name:))
    try registry.register(PetOwner.init(pet:))
    let container = try exampleContainer("swinject", registry: registry)
    let person = try container.resolve(Person.self)
    #expect(person.play() == "I'm playing with Mimi.")
    #expect(try container.resolve(Animal.self) as? Cat !== (person as? PetOwner)?.pet as? Cat, "graph scope")
  }
}
