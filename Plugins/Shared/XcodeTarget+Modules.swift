// What both dicfg plugins' Xcode adaptors read of a target's dependencies: one source, linked into
// each plugin's folder.
#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension XcodeTarget {
    /// The targets of the project it depends on that build a framework or a library, with the
    /// module each builds: its product's name with every character that cannot stand in a Swift
    /// name made `_`, as Xcode names a module by default.
    var moduleDependencies: [(target: XcodeTarget, module: String)] {
      dependencies.compactMap { dependency in
        guard case .target(let target) = dependency, let product = target.product else { return nil }
        switch product.kind {
        case .framework, .library:
          return (target, String(product.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }))
        default:
          return nil
        }
      }
    }
  }
#endif
