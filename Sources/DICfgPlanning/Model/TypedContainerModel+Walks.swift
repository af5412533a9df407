import DICfgCompiler

// The walks of a typed container model's builds: every expression each holds, those inside others too.

extension TypedContainerModel {
  /// Every expression of the containers' builds, those inside others too, in the order the
  /// containers, their make functions and accessors hold them.
  package var everyExpression: [Expression] {
    containers.flatMap { container in
      container.makers.flatMap(\.everyExpression) + container.accessors.flatMap(\.everyExpression)
    }
  }

  /// Every type stand-in slot the containers' builds read.
  package var typeStandInSlots: Set<String> { Set(everyExpression.flatMap(\.typeStandInSlots)) }

  /// The parameters the builds take as read from the environment, each with each Swift type it is
  /// taken as, in the order the builds first take them; the property of one taken as one type is
  /// the parameter's name, of one taken as several the name and the type (`timeoutAsDouble`).
  var environmentParametersRead: [EnvironmentRead] {
    var pairs: [(name: String, type: String)] = []
    for case .environmentParameter(let name, let type) in everyExpression
    where !pairs.contains(where: { $0 == (name, type) }) {
      pairs.append((name, type))
    }
    return pairs.map { name, type in
      let types = pairs.filter { $0.name == name }.count
      let property = SwiftIdentifier.camelCase(name)
      return EnvironmentRead(
        name: name, type: type,
        property: types == 1
          ? property
          : property + "As" + SwiftIdentifier.upperCamelCase(type.replacingOccurrences(of: "?", with: "Optional")))
    }
  }
}

extension TypedContainerModel.Expression {
  /// The expression and those inside it, outermost first.
  package var everyExpression: [TypedContainerModel.Expression] {
    switch self {
    case .standIn(_, let built): [self] + built.everyExpression
    case .call(_, let arguments, _, _): [self] + arguments.flatMap(\.everyExpression)
    case .array(let values): [self] + values.flatMap(\.everyExpression)
    case .local, .literal, .argument, .external, .heldExternal, .environmentParameter, .accessor, .otherAccessor,
      .container, .typedContainer, .deferred, .providerFunction, .none:
      [self]
    }
  }

  /// The type stand-in slot the expression reads itself, if any.
  package var typeStandInSlots: [String] { if case .standIn(let slot, _) = self { [slot] } else { [] } }
}

extension TypedContainerModel.Maker {
  /// Every expression of its build, those inside others too.
  package var everyExpression: [TypedContainerModel.Expression] { expressions.flatMap(\.everyExpression) }
}

extension TypedContainerModel.Accessor {
  /// Every expression of its builds in every environment, those inside others too.
  package var everyExpression: [TypedContainerModel.Expression] {
    branches.compactMap(\.construction).flatMap { construction -> [TypedContainerModel.Expression] in
      switch construction {
      case .singleton(let build): build.expressions.flatMap(\.everyExpression)
      case .straightLine(let line): line.expressions.flatMap(\.everyExpression)
      case .runtime, .linked: []
      }
    }
  }
}
