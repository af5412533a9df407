import DICfgCore
import Foundation

/// What a ``Registry`` holds, as data: exported by an app's tests or build with
/// `registry.manifest()`, so `dicfg validate --registry manifest.json` can run the link checks in
/// CI without the app.
public struct RegistryManifest: Sendable, Hashable, Codable {
  /// The version of the manifest's shape.
  public var formatVersion = 1
  /// The registered types, sorted by name.
  public var types: [TypeEntry]

  public struct TypeEntry: Sendable, Hashable, Codable {
    public var name: String
    /// The type's full name with its module (`ShopKit.Cache`), when Swift gave it.
    public var fullName: String?
    public var isClass: Bool
    /// A typed factory's arguments in order; nil for a factory that asks by label.
    public var arguments: [Argument]?
    public var properties: [Property]
    /// True for a factory registered with `register(mainActor:)`; absent otherwise.
    public var mainActor: Bool?
    /// The type built, as far as the link checks tell classes and values apart; absent otherwise.
    public var shape: TypeShape?
  }

  public struct Argument: Sendable, Hashable, Codable {
    public var label: String?
    public var type: String
    /// The type taken, as far as the link checks tell classes and values apart; absent otherwise.
    public var shape: TypeShape?
  }

  public struct Property: Sendable, Hashable, Codable {
    public var name: String
    public var type: String
    /// True for a setter registered with `property(_:of:typeName:mainActor:)`; absent otherwise.
    public var mainActor: Bool?
    /// The type taken, as far as the link checks tell classes and values apart; absent otherwise.
    public var shape: TypeShape?
  }

  /// The manifest as JSON, sorted and indented, the same bytes for the same registry.
  public func jsonText() throws -> String {
    try DeterministicJSON.text(self)
  }

  /// Reads a manifest written by ``jsonText()``.
  public init(jsonText: String) throws {
    self = try JSONDecoder().decode(RegistryManifest.self, from: Data(jsonText.utf8))
  }

  init(types: [TypeEntry]) {
    self.types = types
  }
}

extension Registry {
  /// What is registered: type names, argument labels and types, properties.
  public func manifest() -> RegistryManifest {
    RegistryManifest(
      types: entries.sorted { $0.key < $1.key }.map { registration in
        RegistryManifest.TypeEntry(
          name: registration.name, fullName: registration.fullName, isClass: registration.isClass,
          arguments: registration.arguments.map { types in
            types.enumerated().map { index, type in
              RegistryManifest.Argument(
                label: registration.labels?[index], type: TypeName.described(type),
                shape: TypeShape(type, unwrappingOptional: true))
            }
          },
          properties: (properties[registration.name] ?? [:]).sorted { $0.key < $1.key }.map {
            RegistryManifest.Property(
              name: $0.key, type: $0.value.type, mainActor: $0.value.isMainActor ? true : nil,
              shape: TypeShape($0.value.valueType, unwrappingOptional: true))
          }, mainActor: registration.isMainActor ? true : nil,
          shape: TypeShape(registration.builtType, unwrappingOptional: false))
      })
  }
}
