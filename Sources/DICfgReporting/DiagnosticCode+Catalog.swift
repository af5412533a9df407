public import DICfgCore

extension DiagnosticCode {
  /// Every code dicfg emits, in documentation order, with its documentation: the one place a
  /// code's summary, meaning, fix and example are written.
  public static let catalog: [Documentation] = [
    Documentation(
      .syntaxError, stage: .graphFile,
      summary: "YAML or JSON that the parser rejects",
      meaning: "The file is not valid YAML (libyaml rejects it) or not valid JSON (RFC 8259 forbids it: "
        + "trailing commas, comments, single quotes, `NaN`, leading zeros, unquoted keys). The "
        + "location is where the parser stopped; a note shows what it was parsing.",
      fix: "Fix the syntax at the location. For YAML, indent with spaces, close every `[` and `{`, "
        + "and quote values holding `: `. For JSON, remove trailing commas and comments.",
      example: .graphFiles(["syntax-error.yaml", "syntax-error-json.json"])),
    Documentation(
      .invalidEncoding, stage: .graphFile,
      summary: "a file that is not UTF-8 text, or holds NUL or control characters",
      meaning: "The file is not UTF-8 text: an invalid byte sequence, a NUL byte, a control character "
        + "YAML cannot hold, or a UTF-16/UTF-32 file.",
      fix: "Save the file as UTF-8 and remove the character; write a control character as an escape "
        + "in a double-quoted string.",
      example: .graphFiles(["invalid-encoding.yaml"])),
    Documentation(
      .limitExceeded, stage: .graphFile,
      summary: "a file over the loader's limits on size, nesting, nodes or scalar length",
      meaning: "The file is over one of the loader's limits: size (64 MiB), nesting depth (256), nodes "
        + "after alias and merge-key expansion (10,000,000) or scalar length (1 MiB). The limits "
        + "stop hostile files quickly and in bounded memory; no real graph file comes near them.",
      fix: "Flatten the structure or use fewer aliases. For a legitimate file, raise the named limit "
        + "with `--max-file-size`, `--max-depth`, `--max-nodes`, `--max-scalar-length` or "
        + "`LoaderLimits`.",
      example: .graphFiles(["limit-exceeded.yaml"])),
    Documentation(
      .multipleDocuments, stage: .graphFile,
      summary: "more than one YAML document in a graph file",
      meaning: "A YAML stream with more than one document (`---` separators). A graph file is one "
        + "document.",
      fix: "Move the second document into its own file and list it under `imports`.",
      example: .graphFiles(["multiple-documents.yaml"])),
    Documentation(
      .ioError, stage: .graphFile,
      summary: "a file that cannot be read",
      meaning: "A file that cannot be read: it does not exist, is a directory, or is not readable.",
      fix: "Check the path and permissions.",
      example: .none),
    Documentation(
      .duplicateKey, stage: .graphFile,
      summary: "a key repeated in one mapping",
      meaning: "A key appears twice in one mapping (the note points at the first). YAML libraries "
        + "disagree on which one wins, so dicfg accepts neither. Also: `defaultScope` or "
        + "`collaborators` set in two files of one layer.",
      fix: "Remove or rename one of them; to change a definition for an environment, use an override "
        + "file.",
      example: .graphFiles(["duplicate-key.yaml"])),
    Documentation(
      .unsupportedTag, stage: .graphFile,
      summary: "a YAML tag other than the core ones",
      meaning: "A YAML tag other than the core ones (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, "
        + "`!!map`, `!!seq`), or a core tag on a value it does not fit (`!!int abc`).",
      fix: "Remove the tag; quote a value that must stay a string.",
      example: .graphFiles(["unsupported-tag.yaml"])),
    Documentation(
      .invalidAlias, stage: .graphFile,
      summary: "an alias to an undefined anchor, or inside the node its anchor names",
      meaning: "An alias (`*name`) to an anchor that is not defined before it, or inside the very node "
        + "its anchor names (which would contain itself).",
      fix: "Define the anchor (`&name`) on a node before the alias, outside the aliased node.",
      example: .graphFiles(["invalid-alias.yaml"])),
    Documentation(
      .unknownKey, stage: .graphFile,
      summary: "a key the graph-file format does not have",
      meaning: "A key the graph-file format does not have, at the top level, in a container, a service, "
        + "an external or a value form. The message suggests the closest key or lists the allowed "
        + "ones.",
      fix: "Fix the spelling (`scpoe` → `scope`).",
      example: .graphFiles(["unknown-key.yaml"])),
    Documentation(
      .invalidValue, stage: .graphFile,
      summary: "a value of the wrong kind",
      meaning: "A value of the wrong kind: a list where a mapping belongs, a non-boolean `eager`, an id "
        + "with a dash, a non-scalar mapping key — or a plain number, boolean or null where a "
        + "reference belongs: a bare value is never silently a literal.",
      fix: "Write the value the field takes; for a literal argument, write `{ value: 3 }`.",
      example: .graphFiles(["invalid-value.yaml"])),
    Documentation(
      .unsupportedVersion, stage: .graphFile,
      summary: "a missing or unsupported 'dicfg:' version",
      meaning: "`dicfg:` is missing, or is not a version this dicfg reads (1). An empty file has no "
        + "version either.",
      fix: "Start every graph, import and override file with `dicfg: 1`.",
      example: .graphFiles(["unsupported-version.yaml"])),
    Documentation(
      .missingType, stage: .graphFile,
      summary: "a service with neither 'type' nor 'alias'",
      meaning: "A service with neither `type` nor `alias`, or an external without `type`.",
      fix: "Add `type: TheSwiftType`, the name its factory is registered under.",
      example: .graphFiles(["missing-type.yaml"])),
    Documentation(
      .duplicateService, stage: .graphFile,
      summary: "one id defined twice within a layer",
      meaning: "One id defined twice within a layer — in a file and a file it imports, for example — or "
        + "one id naming both a service and an external of a container. The note points at the "
        + "other definition.",
      fix: "Rename or remove one. To replace a service for an environment, define it in an override "
        + "file instead.",
      example: .graphFiles(["duplicate-service"])),
    Documentation(
      .unknownScope, stage: .graphFile,
      summary: "a scope that is neither built in nor declared",
      meaning: "A scope that is neither built in (`graph`, `unique`, `singleton`, `weak`, `cached` and "
        + "the seeds' aliases) nor declared under `scopes:`.",
      fix: "Fix the spelling, or declare the custom scope: `scopes: { session: {} }`.",
      example: .graphFiles(["unknown-scope.yaml"])),
    Documentation(
      .ambiguousScope, stage: .graphFile,
      summary: "the scope 'shared', which each library means differently",
      meaning: "The scope `shared`, which means singleton in Pilgrim, weak in Resolver and graph in Dip.",
      fix: "Write the scope you mean: `singleton`, `weak` or `graph`.",
      example: .graphFiles(["ambiguous-scope.yaml"])),
    Documentation(
      .unknownReference, stage: .graphFile,
      summary: "a reference nothing provides",
      meaning: "A reference nothing provides: no service, alias or external of that id, and no service "
        + "binding that type, in the container or its collaborators; also `$name` that is neither a "
        + "parameter nor a run-time argument, and a `{ tagged: }` tag no service carries. Notes "
        + "trace the service outward to what requested it.",
      fix: "Fix the name (the message suggests the closest), define the service, or make the "
        + "reference optional with a trailing `?`.",
      example: .graphFiles(["unknown-reference.yaml"])),
    Documentation(
      .ambiguousReference, stage: .graphFile,
      summary: "a type bound by several services",
      meaning: "A type that several services of the nearest container bind (through `type` or `as`), or "
        + "that several externals have, which references by type name. The one finding is at the last binding, "
        + "with a note at each other binding and at each reference; a module fragment's requirement that "
        + "several services bind is reported at the requirement. At link, a value bound by type "
        + "(`Externals.bind`) that several externals declare is the same mistake.",
      fix: "Refer to one service by its id, or bind the type once; supply such externals by id.",
      example: .graphFiles(["ambiguous-reference.yaml"])),
    Documentation(
      .dependencyCycle, stage: .graphFile,
      summary: "an initializer cycle, or a cycle through a unique service",
      meaning: "Services whose initializers depend on each other in a loop — no order can build them — "
        + "or a cycle through a `unique` service, which would build new instances forever. A note "
        + "shows each edge.",
      fix: "Make one edge a property (injected after construction), a `{ provider: }` or a `{ lazy: "
        + "}`; give a unique service on a cycle another scope.",
      example: .graphFiles(["dependency-cycle.yaml"])),
    Documentation(
      .captiveDependency, stage: .graphFile,
      summary: "a service holding one whose scope promises to release it sooner",
      meaning: "A warning: a service holds, through its initializer or a property, a `weak`, `cached` or "
        + "custom-scoped service that a longer-lived one keeps alive past its scope (singleton > cached and "
        + "custom scopes > weak): a weak instance no longer released, a cached or custom-scoped one kept after "
        + "a reset. `graph` and `unique` services promise no lifetime beyond the resolve that builds them "
        + "(Swinject's graph scope, Dagger's unscoped bindings), so holding one is never captive.",
      fix: "Inject `{ provider: name }` and resolve when needed, or give the dependency a longer "
        + "scope.",
      example: .graphFiles(["captive-dependency.yaml"])),
    Documentation(
      .runtimeArgumentDependency, stage: .graphFile,
      summary: "a service with run-time arguments used without a provider",
      meaning: "A service that takes run-time arguments (`arguments:`) used as another's plain "
        + "dependency: nothing could supply its arguments.",
      fix: "Inject `{ provider: name }` and pass the arguments when calling it.",
      example: .graphFiles(["runtime-argument-dependency.yaml"])),
    Documentation(
      .mainActorDependency, stage: .graphFile,
      summary: "a nonisolated shared service built from a main-actor one",
      meaning: "A singleton (or a weak, cached or custom-scoped service) without `isolation: MainActor` takes "
        + "a main-actor service through `init:` or a property, itself or through the graph and unique "
        + "services it builds. The shared instance can be used from any thread, and building it would need "
        + "the main actor from wherever it is first resolved.",
      fix: "Inject `{ provider: name }` or `{ lazy: name }` and call it on the main actor, or give the "
        + "holder `isolation: MainActor` too (and make its type `@MainActor`).",
      example: .graphFiles(["main-actor-dependency.yaml"])),
    Documentation(
      .unknownCollaborator, stage: .graphFile,
      summary: "collaboration with a container that does not exist",
      meaning: "`collaborators:` names a container that does not exist.",
      fix: "Fix the name (the message suggests the closest).",
      example: .graphFiles(["unknown-collaborator.yaml"])),
    Documentation(
      .selfCollaboration, stage: .graphFile,
      summary: "a container collaborating with itself",
      meaning: "A container lists itself under `collaborators:`.",
      fix: "Remove it: a container always looks in itself first.",
      example: .graphFiles(["self-collaboration.yaml"])),
    Documentation(
      .importNotFound, stage: .graphFile,
      summary: "an imported file that does not exist",
      meaning: "An `imports:` entry names a file that does not exist. Imports are relative to the "
        + "importing file.",
      fix: "Fix the path.",
      example: .graphFiles(["import-not-found.yaml"])),
    Documentation(
      .unknownEnvironment, stage: .graphFile,
      summary: "an environment with no layer file",
      meaning: "An environment was asked for (`--env`, `Container(graphFile:environments:…)`) but no layer "
        + "file of that name exists beside the graph file or a file it imports, so nothing would change: a "
        + "misspelt environment would silently run the base configuration.",
      fix: "Fix the name (the message suggests the closest environment that exists), or create the layer "
        + "file (`app.production.yaml` for `production`).",
      example: .output(
        "app.yaml:1:1: error: environment 'prodution' has no layer: there is no 'app.prodution.yaml'; did you "
          + "mean 'production'? [#unknown-environment]")),
    Documentation(
      .importCycle, stage: .graphFile,
      summary: "files importing each other in a loop",
      meaning: "Files importing each other in a loop. The diagnostic is where the loop closes; notes "
        + "show the other imports on it.",
      fix: "Remove one of the imports; move what both need into a third file.",
      example: .graphFiles(["import-cycle"])),
    Documentation(
      .unmetRequirement, stage: .graphFile,
      summary: "a module fragment's requirement nothing provides",
      meaning: "A graph file declares under `requires:` what it needs from whoever imports it, each an id with its "
        + "Swift type (`clock: { type: Clock }`). Checked alone, the file takes each requirement as an external. "
        + "Imported, each is met by the service or external of that id, else by the one service or external "
        + "bound to its type; this one nothing in the importing graph provides. A note shows where the file is "
        + "imported.",
      fix: "Define a service or external with that id in the importing graph, bind one service to the type with "
        + "`as:`, or import the fragment that provides it.",
      example: .graphFiles(["unmet-requirement"])),
    Documentation(
      .overrideMissingService, stage: .graphFile,
      summary: "an override of a service no layer below defines",
      meaning: "An override layer (an environment file or `--override`) patches or deletes a service "
        + "that no layer below defines — usually a typo, which must not silently add a service.",
      fix: "Fix the id (the message suggests the closest), or give the entry a `type` to add a new "
        + "service.",
      example: .graphFiles(["override-missing-service"])),
    Documentation(
      .overrideMissingParameter, stage: .graphFile,
      summary: "a layer's parameter the base does not declare and nothing uses",
      meaning: "An override layer (an environment file or `--override`) sets a parameter that the graph "
        + "below it does not declare, and no service of that environment refers to it: usually a misspelt "
        + "name, so the environment silently runs with the base's value.",
      fix: "Fix the name (the message suggests the closest parameter the base declares), or refer to it as "
        + "`$name` from a service of the layer.",
      example: .graphFiles(["override-missing-parameter"])),
    Documentation(
      .eagerNotSingleton, stage: .graphFile,
      summary: "'eager: true' on a scope other than singleton",
      meaning: "`eager: true` on a service whose scope is not singleton; only a singleton can be built "
        + "when the container is created.",
      fix: "Make the service a singleton, or remove `eager`.",
      example: .graphFiles(["eager-not-singleton.yaml"])),
    Documentation(
      .unusedExternal, stage: .graphFile,
      summary: "an external never referenced",
      meaning: "A warning: an external is declared but no service uses it, so the host app supplies it "
        + "for nothing.",
      fix: "Remove it, or refer to it from a service.",
      example: .graphFiles(["unused-external.yaml"])),
    Documentation(
      .unusedParameter, stage: .graphFile,
      summary: "a parameter never referenced",
      meaning: "A warning: a parameter is declared but never referenced as `$name`.",
      fix: "Remove it (an override file can delete it with `name: null`), or use it.",
      example: .graphFiles(["unused-parameter.yaml"])),
    Documentation(
      .unsetEnvironmentVariable, stage: .graphFile,
      summary: "an environment variable with no default that is not set",
      meaning: "A warning at validation (an error when a container is created): a parameter reads "
        + "`${NAME}` with no default, and `NAME` is not set.",
      fix: "Set the variable, or give a default: `${NAME:-value}`.",
      example: .graphFiles(["unset-environment-variable.yaml"])),
    Documentation(
      .unknownType, stage: .swiftDeclarations,
      summary: "a service type the target's Swift does not declare",
      meaning: "A service's `type` names no type the target's Swift files declare, and a declared type is most "
        + "likely what it means: a name a letter or two away, the one declared name that contains it (a shortened "
        + "form: `Checkout` for `CheckoutService`), or, for a type renamed in Swift only, the one type no service "
        + "names whose initializer takes the labels `init:` gives. A name nothing in the target comes close to may "
        + "come from another module; the Swift compiler judges it: the generated file names it once, at its "
        + "service's line, so a type no module declares is one build error there, \"cannot find type 'Ledger' in "
        + "scope\".",
      fix: "Fix the name (the message suggests the declared type it most likely means), or declare the type.",
      example: .output(
        "app.yaml:3:17: error: 'client' is of type 'OpenWeatherClint', which the target's Swift does not "
          + "declare; did you mean 'OpenWeatherClient'? [#unknown-type]")),
    Documentation(
      .initializerMismatch, stage: .swiftDeclarations,
      summary: "'init:' naming no initializer the type declares",
      meaning: "The labels of a service's `init:` are not those of an initializer its Swift type declares (or "
        + "that Swift writes for it, such as a struct's memberwise initializer): a label the type does not take, "
        + "the labels in another order, one missing (a parameter with a default may be left out: Swift then uses "
        + "the default) or one extra, or an initializer that is private. Notes point at the type and its "
        + "initializers.",
      fix: "Write the initializer's labels in its order; the message names the closest label or the order.",
      example: .output(
        "app.yaml:6:54: error: 'OpenWeatherClient' has no initializer taking 'apiKee' with the other arguments "
          + "of 'client'; did you mean 'apiKey'? [#initializer-mismatch]")),
    Documentation(
      .readOnlyProperty, stage: .swiftDeclarations,
      summary: "a property the graph file sets that cannot be set",
      meaning: "The graph file sets a property that the type declares with `let`, as a computed property "
        + "without a setter, or with a private setter.",
      fix: "Declare it `var` with an internal setter, or pass the value to the initializer.",
      example: .output(
        "app.yaml:9:33: error: 'forecast' sets 'ForecastService.name', which cannot be set from outside the "
          + "type; declare it 'var' with an internal setter, or pass it to the initializer [#read-only-property]")),
    Documentation(
      .inaccessibleDeclaration, stage: .swiftDeclarations,
      summary: "a declaration of another module the generated code cannot reach",
      meaning: "A service's type, the initializer its `init:` names, or the function, static property or method "
        + "its `factory:` names is declared in another module (by SwiftPM's layout, a file under "
        + "`Sources/NAME/` is module `NAME`) at an access level the code generated beside the graph file cannot "
        + "reach: `internal`, `fileprivate` or `private` (a memberwise or default initializer is never more than "
        + "`internal`). `package` declarations are reached: the build plugin reads only the targets of the "
        + "package it builds.",
      fix: "Make the declaration `public` in its module, or keep the implementation internal and build the "
        + "service with a public factory of that module (`factory: { receiver: …, method: … }`), bound by a "
        + "public protocol.",
      example: .output(
        "Sources/App/dicfg.yaml:7:11: error: 'errorReporter' is of type 'ErrorReporterImpl', which is internal in "
          + "module 'Analytics', so the code generated for module 'App' cannot name it; make 'ErrorReporterImpl' "
          + "public in Analytics, or build 'errorReporter' with a public factory of Analytics and bind it by a "
          + "public protocol [#inaccessible-declaration]")),
    Documentation(
      .conditionalType, stage: .swiftDeclarations,
      summary: "a type declared only under `#if` that a build without the flag would name",
      meaning: "A service's type, or the type whose function its `factory:` names, is declared only inside "
        + "`#if FLAG` (a preview's or a test's stand-in under `#if DEBUG`), but the graph file and the environment "
        + "layers the service is built from apply in builds without that flag: a release build's generated code "
        + "could not name the type. The check runs in every build, so a debug build, `dicfg validate --swift` and "
        + "the editor find what only a release build would break on. An environment layer whose file says "
        + "`condition: DEBUG` is built only where `DEBUG` is set, so its stand-ins pass.",
      fix: "Declare the service in the environment layer it stands in for (a `preview` or `test` layer whose file "
        + "says `condition: DEBUG`), or declare the type outside `#if`.",
      example: .graphFiles(["conditional-type"])),
    Documentation(
      .defaultedDependency, stage: .swiftDeclarations,
      summary: "a defaulted parameter left out whose type the graph binds or whose default looks up a container",
      meaning: "A warning: the initializer or function that builds a service has a parameter with a default "
        + "value that `init:` leaves out, and either a service of the graph is bound to its type or the "
        + "default looks the value up in a container (a call named `resolve`, as `Resolver.resolve()` and "
        + "Swinject's `container.resolve(Store.self)!`; a member of `Resolver`; Factory's "
        + "`Container.shared.store()`). Swift then builds the service with the default, which finds or makes "
        + "its own, not the graph's: with an old container still linked it silently bypasses the graph, "
        + "without one it crashes.",
      fix: "Pass the graph's service under the parameter's label (the message names it); where the graph has "
        + "none of that type, declare one (or an external the app supplies) and pass it.",
      example: .graphFiles(["defaulted-dependency"])),
    Documentation(
      .deprecatedBuilder, stage: .swiftDeclarations,
      summary: "the initializer or function Swift calls for a service is deprecated",
      meaning: "A warning: of the overloads that take the labels `init:` gives, Swift calls the one that leaves "
        + "the fewest parameters to their defaults (an unavailable one only where nothing else fits), and that one "
        + "says `@available(*, deprecated)`. Often `init:` leaves out a defaulted argument that the newer overload "
        + "takes, so Swift calls the older one. The notes point at the overloads. The build reports it once, at "
        + "this line: the generated code does not repeat Swift's own warning. A platform's deprecation "
        + "(`@available(iOS, deprecated: 15)`) is left to Swift.",
      fix: "Add the label the message names to `init:` (its default is given), so Swift calls the overload that is "
        + "not deprecated; or build the service with the replacement the deprecation names.",
      example: .graphFiles(["deprecated-builder"])),
    Documentation(
      .ambiguousBuilder, stage: .swiftDeclarations,
      summary: "two overloads Swift cannot choose between for a service's `init:`",
      meaning: "Two overloads of the initializer or function that builds a service both take the labels `init:` "
        + "gives, leave as many parameters to their defaults, and take the same types for the arguments given: "
        + "Swift would find the call ambiguous. The notes point at both.",
      fix: "Add to `init:` the label of a defaulted parameter that only the one you mean takes; the message names "
        + "a label for each.",
      example: .graphFiles(["ambiguous-builder"])),
    Documentation(
      .unreadableSwift, stage: .swiftDeclarations,
      summary: "a Swift file the declaration reader cannot parse",
      meaning: "A warning: a Swift file of the target is not Swift (a literal or comment that is not closed, a "
        + "bracket or `#if` without its partner, a type without a name or body, two declarations on one line "
        + "without `;`), or is not UTF-8. It is reported where it stops being Swift: the literal, the "
        + "bracket left open. The types it declares are read as far as they go but not relied on, so "
        + "mistakes involving them are left to the Swift compiler.",
      fix: "Fix the Swift file; the Swift compiler reports the same error.",
      example: .output(
        "Sources/App/Broken.swift:3:10: warning: 'Sources/App/Broken.swift' does not parse as Swift; the types "
          + "it declares are left to the Swift compiler [#unreadable-swift]")),
    Documentation(
      .needsFullRuntime, stage: .swiftDeclarations,
      summary: "a service only dicfg's link builds, in a target on the typed runtime alone",
      meaning: "The target depends on `DICfgTypedRuntime` (of the `dicfg-generator` package), the runtime of a "
        + "generated typed container alone, "
        + "without the dynamic link, registry or plan of `DICfgRuntime`; so every service must be one its typed "
        + "accessor builds. This one is not: it reads a parameter from the process environment, takes `$container` "
        + "where Swift expects something other than the typed container's own type, or the target's Swift does not "
        + "prove how to build it. The message names the one thing that stops its typed accessor: a failable or "
        + "private initializer, a dependency it cannot build (and that dependency's cause), a lazy value of a "
        + "service that awaits, a parameter read from the environment. `dicfg validate --runtime typed` (or "
        + "`--package`, for a module depending on `DICfgTypedRuntime`) and the editor report it at the same line "
        + "before the build.",
      fix: "Change the service as the message says, or depend on `DICfgRuntime` instead of `DICfgTypedRuntime`: "
        + "the typed container then resolves what its accessors do not build through the link.",
      example: .output(
        "App/dicfg.yaml:3:3: error: 'session' is built through dicfg's link, which 'DICfgTypedRuntime' does not "
          + "have: its typed accessor cannot build it because 'Session.init' is failable; depend on dicfg's product "
          + "'DICfgRuntime' instead of 'DICfgTypedRuntime' [#needs-full-runtime]")),
    Documentation(
      .unregisteredType, stage: .linking,
      summary: "a type in the plan with no registered factory",
      meaning: "A service's `type` has no factory in the `Registry`.",
      fix: "Register one: `try registry.register(Truck.init)`, or `register(..., typeName: \"Truck\")`.",
      example: .output(
        "app.yaml:8:3: error: no factory is registered for 'Truck' (service 'truck'); register "
          + "one with 'registry.register(Truck.init)' [#unregistered-type]")),
    Documentation(
      .unregisteredValue, stage: .linking,
      summary: "a Swift value the registry holds for no type the argument or property takes",
      meaning: "A service passes `{ swift: EXPR }` to an argument or property, and the `Registry` holds no "
        + "value registered under that expression for the type taken there: the registration was written by "
        + "hand, or generated from another graph file.",
      fix: "Generate the registration from the graph file (the build plugin does), or register the value: "
        + "`registry.swiftValue(\".convertFromSnakeCase\") { JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase }`.",
      example: .output(
        "app.yaml:6:47: error: 'keyDecodingStrategy' of 'decoder' is the Swift value '.convertFromSnakeCase', which "
          + "the registry holds for no value of type 'KeyDecodingStrategy' there; generate the registration from the "
          + "graph file (the build plugin does), or register it with 'registry.swiftValue(\".convertFromSnakeCase\") "
          + "{ … }' [#unregistered-value]")),
    Documentation(
      .factoryMismatch, stage: .linking,
      summary: "a typed factory whose arguments differ from the service's 'init:'",
      meaning: "A typed factory takes another number of arguments than the service's `init:` gives, or, "
        + "when registered with `labels:`, other labels or another order.",
      fix: "Make `init:` list the initializer's arguments in order, or register the matching "
        + "initializer.",
      example: .output(
        "app.yaml:3:29: error: the factory registered for 'Engine' takes 2 arguments (Double, "
          + "String), but 'engine' gives 1 in 'init:' ('power'); make them match [#factory-mismatch]")),
    Documentation(
      .unlabeledArguments, stage: .linking,
      summary: "a typed factory taking two arguments of one type by position",
      meaning: "A typed factory registered without `labels:` takes two or more arguments of one type, and "
        + "a service gives it two or more: arguments are passed by position, so `init:` listing them in "
        + "another order than the initializer's would build the object wrong without any error.",
      fix: "Register the factory with the labels of its initializer (`labels: [\"environment\", "
        + "\"baseURL\"]`), or generate the registration with `dicfg generate`, which the Swift compiler "
        + "checks against the initializer.",
      example: .output(
        "app.yaml:4:23: error: the factory registered for 'AppConfig' takes two or more arguments of type "
          + "'String' by position, so 'init:' of 'config' ('baseURL', 'environment') could give them in the wrong "
          + "order unnoticed; register it with the initializer's labels in its order ('labels:'), or generate "
          + "the registration with 'dicfg generate' [#unlabeled-arguments]")),
    Documentation(
      .isolationMismatch, stage: .linking,
      summary: "the graph file and the registration disagree on a service's isolation",
      meaning: "A service's factory was registered with `register(mainActor:)` but the graph file does not "
        + "say `isolation: MainActor`, or the other way round. The graph file's word decides how the service "
        + "is resolved and checked (`dicfg validate` sees only the file), so the two must agree.",
      fix: "Write `isolation: MainActor` on the service when its type or initializer is `@MainActor`, and "
        + "register it with `register(mainActor:)`; or remove both. `dicfg generate` registers what the graph "
        + "file says.",
      example: .output(
        "app.yaml:3:3: error: 'LoginViewModel' is registered with 'register(mainActor:)', but service "
          + "'loginViewModel' does not say 'isolation: MainActor'; add 'isolation: MainActor' to the service, "
          + "or register a nonisolated factory [#isolation-mismatch]")),
    Documentation(
      .unknownProperty, stage: .linking,
      summary: "a property that is not registered for the type, or that the type does not declare",
      meaning: "The graph file sets a property that is not registered for the type; or, checked against the "
        + "target's Swift (`dicfg generate`, `dicfg validate --swift`), one the type does not declare.",
      fix: "Register it: `try registry.property(\"delegate\", of: View.self, \\.delegate)`.",
      example: .output(
        "app.yaml:4:58: error: 'Car' has no registered property 'plugns'; register it with "
          + "'registry.property(\"plugns\", of: Car.self, \\.plugns)'; did you mean 'plugins'? "
          + "[#unknown-property]")),
    Documentation(
      .weakValueType, stage: .linking,
      summary: "'weak' on something that is not a class",
      meaning: "Scope `weak`, or a weak or unowned external, on a value that is not a class instance; "
        + "only objects can be held weakly. Checked against the target's Swift (the build, `dicfg validate "
        + "--swift`, the editor), a `weak` service whose type is a struct or an enum is this error at its "
        + "`scope:`; otherwise the link finds it.",
      fix: "Choose another scope, or hold the external strong.",
      example: .output(
        "app.yaml:5:3: error: 'plugin' has scope weak, but 'LoggingPlugin' is not a class; only "
          + "objects can be held weakly, so choose another scope [#weak-value-type]")),
    Documentation(
      .missingExternal, stage: .linking,
      summary: "a required external that was not supplied",
      meaning: "A required external was not passed when creating the container.",
      fix: "Pass it in `externals:` (by id, or `container.id`), or declare it `optional: true`.",
      example: .output(
        "app.yaml:9:3: error: external 'baz' (Baz) was not supplied; pass it in 'externals:' when "
          + "creating the container, or declare it 'optional: true' [#missing-external]")),
    Documentation(
      .unknownExternal, stage: .linking,
      summary: "an external supplied that the plan does not declare",
      meaning: "An external was passed that the graph file does not declare. The finding points at the "
        + "declaration of the external most likely meant; that external, missing because of the typo, is not "
        + "reported again as `missing-external`.",
      fix: "Fix the key (the message suggests the closest) or declare the external.",
      example: .output(
        "app.yaml:11:3: error: external 'filePth' was supplied, but the graph file declares no such external; "
          + "did you mean 'filePath', declared here in container 'main'? [#unknown-external]")),
    Documentation(
      .unknownService, stage: .resolving,
      summary: "a resolve of an id or type no service provides",
      meaning: "No service of the container (or its collaborators) has that id, or is bound to that "
        + "type.",
      fix: "Fix the id or type, or bind the type with `as:`.",
      example: .output("container 'main' has no service 'flakey'; did you mean 'flaky'? [#unknown-service]")),
    Documentation(
      .unknownContainer, stage: .resolving,
      summary: "a container name the plan does not have",
      meaning: "A container name given to `Container(plan:…, container:)` or `Container(graphFile:…, "
        + "container:)` that the plan does not have. It points at the declaration of the container most "
        + "likely meant.",
      fix: "Use one of the names under `containers:` (the message suggests the closest, or lists "
        + "them).",
      example: .output(
        "the plan has no container 'eventList'; did you mean 'eventsList'? [#unknown-container] (app.yaml:9:3)")),
    Documentation(
      .notResettable, stage: .resolving,
      summary: "a reset of a scope that keeps nothing to release",
      meaning: "`reset(scope:)` of a scope that cannot be reset: only `cached` and the custom scopes "
        + "declared under `scopes:` release their instances.",
      fix: "Reset `cached` or a declared custom scope; a singleton lives as long as its container.",
      example: .output(
        "'sesion' is not a resettable scope; reset 'cached' or a scope declared under 'scopes:'; "
          + "did you mean 'session'? [#not-resettable]")),
    Documentation(
      .missingArgument, stage: .resolving,
      summary: "a run-time or factory argument that was not supplied",
      meaning: "A service's run-time argument was not passed (or one it does not declare was), or an "
        + "untyped factory asked for a label its `init:` does not give.",
      fix: "Pass the arguments the service declares: `resolve(\"details\", arguments: [\"user\": "
        + "user])`.",
      example: .output(
        "cannot resolve 'userDetailsController': 'userDetailsController' needs run-time argument "
          + "'user' (User); pass it in 'arguments:' when resolving [#missing-argument] "
          + "(app.yaml:30:3)")),
    Documentation(
      .typeMismatch, stage: .resolving,
      summary: "a value of another type than the factory or property takes",
      meaning: "A value's type differs from what the factory or property takes, or from the type asked "
        + "for. What typed registrations know is checked when the container is created, each at the "
        + "argument or property in the graph file: a literal (or a parameter holding one) for a `String`, "
        + "`Bool`, `Int`, `Double` or `Float` (`{ value: ten }` for a `Double`); a service built as a class "
        + "or struct that cannot be what the argument takes (two unrelated classes, two different structs; "
        + "protocols and generic types are left to the resolve); an external's supplied value. `dicfg "
        + "validate --registry` makes the first two checks in CI. A run-time argument of the wrong type is "
        + "found at `resolve`, before anything is built.",
      fix: "Fix the graph file's value or the registered type.",
      example: .output(
        "cannot resolve 'userDetailsController': argument 'user' of 'userDetailsController' is a "
          + "'Int', but the factory takes 'User'; fix the graph file's value or the registered type "
          + "[#type-mismatch] (app.yaml:30:3)")),
    Documentation(
      .factoryFailed, stage: .resolving,
      summary: "a factory that threw",
      meaning: "A factory (or property setter) threw. Nothing half-built is cached, and the next resolve "
        + "tries again; the error carries the factory's own error.",
      fix: "Fix what the factory needs; the path shows how the service was reached.",
      example: .output(
        "cannot resolve 'holder → flaky': the factory of 'flaky' threw: the network is down "
          + "[#factory-failed] (app.yaml:3:3)")),
    Documentation(
      .releasedExternal, stage: .resolving,
      summary: "a weak or unowned external the host app released",
      meaning: "A weak or unowned external that is not optional was released by the host app.",
      fix: "Keep the object alive while the container is used, or declare it `optional: true`.",
      example: .output(
        "cannot resolve 'tracker': unowned external 'baz' has been released by the host app; keep "
          + "it alive while the container is used, or declare it 'optional: true' "
          + "[#released-external] (app.yaml:9:3)")),
    Documentation(
      .releasedContainer, stage: .resolving,
      summary: "a container handle or provider used after the app released the container",
      meaning: "A `$container` handle, provider or lazy value was used after the app released every "
        + "`Container` it created. Those only observe the container, so singletons holding them do "
        + "not keep it alive forever.",
      fix: "Keep a `Container` alive while objects that resolve through it are in use.",
      example: .output(
        "container 'main' was released: every handle the app created is gone, so the services it "
          + "gave its factories can no longer resolve; keep a 'Container' alive while its objects use "
          + "it [#released-container]")),
    Documentation(
      .requiresAwait, stage: .resolving,
      summary: "a synchronous resolve of a service that needs an async factory",
      meaning: "The service is built by an `async` factory, or depends on one through `init:` or a property, "
        + "and was resolved synchronously; or, when the container is created, it is an eager singleton that "
        + "needs one (a link error). Providers and lazy values do not make their holder async: they resolve "
        + "when called.",
      fix: "Resolve it with `try await container.resolve(…)` in an async function, or "
        + "`try await container.awaiting.resolve(…)` in top-level code (and create a container with eager async "
        + "singletons with `try await Container.create(graphFile:registry:…)` or `create(plan:registry:…)`), "
        + "or inject it into a synchronous "
        + "service as `{ provider: name }` and await the provider.",
      example: .output(
        "cannot resolve 'repository': 'repository' is built by an async factory or depends on one through "
          + "'init:' or a property, so it cannot be resolved synchronously; resolve it with 'try await "
          + "container.resolve(…)' (in top-level code, where Swift picks the synchronous resolve, 'try await "
          + "container.awaiting.resolve(…)'), or inject it into a synchronous service as '{ provider: repository }' and "
          + "await the provider [#requires-await] (app.yaml:5:3)")),
    Documentation(
      .requiresMainActor, stage: .resolving,
      summary: "a synchronous resolve of a main-actor service away from the main actor",
      meaning: "The service is `isolation: MainActor`, or builds one through `init:` or a property, and was "
        + "resolved synchronously from a thread that is not provably the main actor; or, when the container "
        + "is created there, it is an eager singleton that needs one. Nothing was built.",
      fix: "Resolve it with `try await container.resolve(…)`, which builds the main-actor services on the main "
        + "actor, or synchronously from `@MainActor` code with `container.mainActor.resolve(…)`.",
      example: .output(
        "cannot resolve 'loginViewModel': 'loginViewModel' is built on the main actor (isolation: MainActor), "
          + "and this synchronous resolve is not on the main actor; resolve it with 'try await "
          + "container.resolve(…)', or from @MainActor code with 'container.mainActor.resolve(…)' "
          + "[#requires-main-actor] (app.yaml:3:3)")),
    Documentation(
      .internalError, stage: .internal,
      summary: "a state dicfg does not expect: a bug to report",
      meaning: "A state dicfg does not expect. It is a bug in dicfg, never a mistake in the graph file.",
      fix: "Report it with the file that caused it.",
      example: .none),
  ]

  /// Every code dicfg emits, in documentation order.
  public static let allCodes: [DiagnosticCode] = catalog.map(\.code)

  /// The codes of linking and resolving, which concern a plan and registered Swift factories
  /// rather than graph files alone.
  public static let runtimeCodes: [DiagnosticCode] = catalog.filter { [.linking, .resolving].contains($0.stage) }.map(
    \.code)

  private static let documentationByCode = Dictionary(
    catalog.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

  /// This code's documentation; nil for a code dicfg does not emit.
  public var documentation: Documentation? { Self.documentationByCode[self] }

  /// One line saying what the code finds, for SARIF rules and documentation.
  public var summary: String { documentation?.summary ?? "a finding of dicfg" }
}
