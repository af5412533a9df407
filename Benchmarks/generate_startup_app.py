#!/usr/bin/env python3
"""Writes the start-up app: a package whose executable applies the build plugin to a chain of COUNT
distinct singleton types, as an app does, and can instead build the same chain by hand or with
Swinject. Benchmarks/startup_app.sh builds it and counts what each way costs a whole process.

    Benchmarks/generate_startup_app.py DIRECTORY DICFG_CHECKOUT [COUNT]

The executable takes one argument: `empty` (start and exit), `generated` (create `MainContainer`
and resolve the last service), `hand` (construct the chain in Swift, each object a `let`),
or `swinject` (register the chain in a Swinject container and resolve it, in order, to the last service).

STARTUP_APP_LAYER adds a layer, `dicfg.test.yaml`, as apps have them, and the argument `generated-test`
(the same in the layer's environment):
  parameter   the first service takes a parameter, which the layer changes;
  swap        the first service is bound as a protocol, and the layer swaps its type for a stand-in;
  remove      the base has one more singleton, before the chain, which the layer removes.
"""
import os
import sys

directory, checkout = sys.argv[1], os.path.abspath(sys.argv[2])
count = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
sources = os.path.join(directory, "Sources", "StartupApp")
os.makedirs(sources, exist_ok=True)


def write(name, lines):
    with open(os.path.join(sources, name) if name != "Package.swift" else os.path.join(directory, name), "w") as f:
        f.write("\n".join(lines) + "\n")


write("Package.swift", [
    "// swift-tools-version:6.0",
    "import PackageDescription",
    "",
    "let package = Package(",
    '  name: "StartupApp",',
    "  dependencies: [",
    '    .package(name: "dicfg", path: "%s"),' % checkout,
    '    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),',
    "  ],",
    "  targets: [",
    "    .executableTarget(",
    '      name: "StartupApp",',
    '      dependencies: [.product(name: "DICfgRuntime", package: "dicfg"), .product(name: "Swinject", package: "Swinject")],',
    '      plugins: [.plugin(name: "DICfgGenerator", package: "dicfg")])',
    "  ],",
    "  swiftLanguageModes: [.v6]",
    ")",
])

layer = os.environ.get("STARTUP_APP_LAYER", "none")
if layer not in ("none", "parameter", "swap", "remove"):
    sys.exit("STARTUP_APP_LAYER is one of none, parameter, swap, remove")
first = "Startup0"
if layer == "parameter":
    types = ["final class Startup0: Sendable {", "  let label: String", "  init(label: String) { self.label = label }", "}"]
elif layer == "swap":
    first = "any Startup0Protocol"
    types = ["protocol Startup0Protocol: AnyObject, Sendable {}", "",
             "final class Startup0: Startup0Protocol {", "  init() {}", "}", "",
             "final class Startup0Stub: Startup0Protocol {", "  init() {}", "}"]
else:
    types = ["final class Startup0: Sendable {", "  init() {}", "}"]
if layer == "remove":
    types += ["", "final class StartupExtra: Sendable {", "  init() {}", "}"]
for index in range(1, count):
    types += [
        "final class Startup%d: Sendable {" % index,
        "  let dependency: %s" % (first if index == 1 else "Startup%d" % (index - 1)),
        "  init(dependency: %s) { self.dependency = dependency }" % (first if index == 1 else "Startup%d" % (index - 1)),
        "}",
    ]
write("Types.swift", types)

graph = ["dicfg: 1"]
if layer == "parameter":
    graph += ["parameters: { label: base }", "services:", "  s0: { type: Startup0, scope: singleton, init: { label: $label } }"]
elif layer == "swap":
    graph += ["services:", "  s0: { type: Startup0, scope: singleton, as: [Startup0Protocol] }"]
elif layer == "remove":
    graph += ["services:", "  extra: { type: StartupExtra, scope: singleton }", "  s0: { type: Startup0, scope: singleton }"]
else:
    graph += ["services:", "  s0: { type: Startup0, scope: singleton }"]
graph += ["  s%d: { type: Startup%d, scope: singleton, init: { dependency: s%d } }" % (i, i, i - 1) for i in range(1, count)]
write("dicfg.yaml", graph)
test_layer = {
    "parameter": ["dicfg: 1", "parameters: { label: test }"],
    "swap": ["dicfg: 1", "services:", "  s0: { type: Startup0Stub, scope: singleton, as: [Startup0Protocol] }"],
    "remove": ["dicfg: 1", "services:", "  extra: null"],
}
if layer in test_layer:
    write("dicfg.test.yaml", test_layer[layer])
made_first = 'Startup0(label: "base")' if layer == "parameter" else "Startup0()"

# In functions of 50 objects each: a function of 1,000 chained locals overflows the optimizer's stack.
chunk = 50
hand = ["/// The chain built by hand, each object a `let`, as a hand-written composition root builds it,",
        "/// %d objects to a function." % chunk, ""]
for start in range(0, count, chunk):
    end = min(start + chunk, count)
    parameter = "" if start == 0 else "_ s%d: Startup%d" % (start - 1, start - 1)
    hand += ["@inline(never) func hand%d(%s) -> Startup%d {" % (start // chunk, parameter, end - 1)]
    for i in range(start, end):
        hand += ["  let s0 = %s" % made_first] if i == 0 else ["  let s%d = Startup%d(dependency: s%d)" % (i, i, i - 1)]
    hand += ["  return s%d" % (end - 1), "}", ""]
calls = "hand0()"
for index in range(1, (count + chunk - 1) // chunk):
    calls = "hand%d(%s)" % (index, calls)
hand += ["func handWritten() -> Startup%d { %s }" % (count - 1, calls)]
write("Hand.swift", hand)

swinject = ["import Swinject", "", "/// The chain registered in Swinject, as its documentation shows, each a container-scoped singleton.",
            "func swinjectContainer() -> Container {", "  let container = Container()",
            "  container.register(Startup0.self) { _ in %s }.inObjectScope(.container)" % made_first]
swinject += [
    "  container.register(Startup%d.self) { r in Startup%d(dependency: r.resolve(Startup%d.self)!) }"
    ".inObjectScope(.container)" % (i, i, i - 1) for i in range(1, count)]
swinject += ["  return container", "}", "",
             "/// The last service, its chain resolved in order: Swinject stops a resolve more than 200 calls deep.",
             "func swinjectLast(_ container: Container) -> Startup%d {" % (count - 1)]
swinject += ["  _ = container.resolve(Startup%d.self)" % i for i in range(count - 1)]
swinject += ["  return container.resolve(Startup%d.self)!" % (count - 1), "}"]
write("Swinject.swift", swinject)

last = count - 1
write("main.swift", [
    "import DICfgRuntime",
    "",
    "@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }",
    "",
    'switch CommandLine.arguments.dropFirst().first ?? "empty" {',
    'case "generated":',
    "  let container = try MainContainer()",
    "  keep(try container.s%d)" % last,
    'case "generated-test" where MainContainer.Environment.allCases.count > 1:',
    '  let container = try MainContainer(environment: MainContainer.Environment.allCases[1])',
    "  keep(try container.s%d)" % last,
    'case "hand":',
    "  keep(handWritten())",
    'case "swinject":',
    "  keep(swinjectLast(swinjectContainer()))",
    "default:",
    "  break",
    "}",
])
