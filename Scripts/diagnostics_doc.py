#!/usr/bin/env python3
"""Writes docs/diagnostics.md: one entry per diagnostic code.

Graph-file codes show the broken example from config-examples/invalid/ and the output recorded next
to it (the tests keep both current); link and resolve codes show a Swift example. Run after adding
a code or changing an example:  python3 Scripts/diagnostics_doc.py
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INVALID = os.path.join(ROOT, "config-examples", "invalid")

# code: (what it means, how to fix it, example name in config-examples/invalid or None)
GRAPH = [
    ("syntax-error", "The file is not valid YAML (libyaml rejects it) or not valid JSON (RFC 8259 "
     "forbids it: trailing commas, comments, single quotes, `NaN`, leading zeros, unquoted keys). The "
     "location is where the parser stopped; a note shows what it was parsing.",
     "Fix the syntax at the location. For YAML, indent with spaces, close every `[` and `{`, and quote "
     "values holding `: `. For JSON, remove trailing commas and comments.", ["syntax-error.yaml", "syntax-error-json.json"]),
    ("invalid-encoding", "The file is not UTF-8 text: an invalid byte sequence, a NUL byte, a control "
     "character YAML cannot hold, or a UTF-16/UTF-32 file.", "Save the file as UTF-8 and remove the "
     "character; write a control character as an escape in a double-quoted string.", ["invalid-encoding.yaml"]),
    ("limit-exceeded", "The file is over one of the loader's limits: size (64 MiB), nesting depth "
     "(256), nodes after alias and merge-key expansion (10,000,000) or scalar length (1 MiB). The "
     "limits stop hostile files quickly and in bounded memory; no real graph file comes near them.",
     "Flatten the structure or use fewer aliases. For a legitimate file, raise the named limit with "
     "`--max-file-size`, `--max-depth`, `--max-nodes`, `--max-scalar-length` or `LoaderLimits`.", ["limit-exceeded.yaml"]),
    ("multiple-documents", "A YAML stream with more than one document (`---` separators). A graph file "
     "is one document.", "Move the second document into its own file and list it under `imports`.",
     ["multiple-documents.yaml"]),
    ("io-error", "A file that cannot be read: it does not exist, is a directory, or is not readable.",
     "Check the path and permissions.", None),
    ("duplicate-key", "A key appears twice in one mapping (the note points at the first). YAML "
     "libraries disagree on which one wins, so dicfg accepts neither. Also: `defaultScope` or "
     "`collaborators` set in two files of one layer.", "Remove or rename one of them; to change a "
     "definition for an environment, use an override file.", ["duplicate-key.yaml"]),
    ("unsupported-tag", "A YAML tag other than the core ones (`!!str`, `!!int`, `!!float`, `!!bool`, "
     "`!!null`, `!!map`, `!!seq`), or a core tag on a value it does not fit (`!!int abc`).",
     "Remove the tag; quote a value that must stay a string.", ["unsupported-tag.yaml"]),
    ("invalid-alias", "An alias (`*name`) to an anchor that is not defined before it, or inside the very "
     "node its anchor names (which would contain itself).", "Define the anchor (`&name`) on a node "
     "before the alias, outside the aliased node.", ["invalid-alias.yaml"]),
    ("unknown-key", "A key the graph-file format does not have, at the top level, in a container, a "
     "service, an external or a value form. The message suggests the closest key or lists the allowed ones.",
     "Fix the spelling (`scpoe` → `scope`).", ["unknown-key.yaml"]),
    ("invalid-value", "A value of the wrong kind: a list where a mapping belongs, a non-boolean `eager`, "
     "an id with a dash, a non-scalar mapping key — or a plain number, boolean or null where a reference "
     "belongs: a bare value is never silently a literal.", "Write the value the field takes; for a "
     "literal argument, write `{ value: 3 }`.", ["invalid-value.yaml"]),
    ("unsupported-version", "`dicfg:` is missing, or is not a version this dicfg reads (1). An empty "
     "file has no version either.", "Start every graph, import and override file with `dicfg: 1`.",
     ["unsupported-version.yaml"]),
    ("missing-type", "A service with neither `type` nor `alias`, or an external without `type`.",
     "Add `type: TheSwiftType`, the name its factory is registered under.", ["missing-type.yaml"]),
    ("duplicate-service", "One id defined twice within a layer — in a file and a file it imports, for "
     "example — or one id naming both a service and an external of a container. The note points at the "
     "other definition.", "Rename or remove one. To replace a service for an environment, define it in "
     "an override file instead.", ["duplicate-service"]),
    ("unknown-scope", "A scope that is neither built in (`graph`, `unique`, `singleton`, `weak`, "
     "`cached` and the seeds' aliases) nor declared under `scopes:`.", "Fix the spelling, or declare "
     "the custom scope: `scopes: { session: {} }`.", ["unknown-scope.yaml"]),
    ("ambiguous-scope", "The scope `shared`, which means singleton in Pilgrim, weak in Resolver and "
     "graph in Dip.", "Write the scope you mean: `singleton`, `weak` or `graph`.", ["ambiguous-scope.yaml"]),
    ("unknown-reference", "A reference nothing provides: no service, alias or external of that id, and "
     "no service binding that type, in the container or its collaborators; also `$name` that is neither "
     "a parameter nor a run-time argument, and a `{ tagged: }` tag no service carries. Notes trace the "
     "service outward to what requested it.", "Fix the name (the message suggests the closest), define "
     "the service, or make the reference optional with a trailing `?`.", ["unknown-reference.yaml"]),
    ("ambiguous-reference", "A reference by type that several services of the nearest container bind "
     "(through `type` or `as`). A note points at each candidate.", "Refer to one service by its id.",
     ["ambiguous-reference.yaml"]),
    ("dependency-cycle", "Services whose initializers depend on each other in a loop — no order can "
     "build them — or a cycle through a `unique` service, which would build new instances forever. A "
     "note shows each edge.", "Make one edge a property (injected after construction), a "
     "`{ provider: }` or a `{ lazy: }`; give a unique service on a cycle another scope.",
     ["dependency-cycle.yaml"]),
    ("captive-dependency", "A warning: a service holds, through its initializer or a property, one "
     "that should die sooner (singleton > cached and custom scopes > weak and graph), keeping it alive "
     "past its scope.", "Inject `{ provider: name }` and resolve when needed, or give the dependency a "
     "longer scope.", ["captive-dependency.yaml"]),
    ("runtime-argument-dependency", "A service that takes run-time arguments (`arguments:`) used as "
     "another's plain dependency: nothing could supply its arguments.", "Inject `{ provider: name }` "
     "and pass the arguments when calling it.", ["runtime-argument-dependency.yaml"]),
    ("unknown-collaborator", "`collaborators:` names a container that does not exist.",
     "Fix the name (the message suggests the closest).", ["unknown-collaborator.yaml"]),
    ("self-collaboration", "A container lists itself under `collaborators:`.", "Remove it: a "
     "container always looks in itself first.", ["self-collaboration.yaml"]),
    ("import-not-found", "An `imports:` entry names a file that does not exist. Imports are relative "
     "to the importing file.", "Fix the path.", ["import-not-found.yaml"]),
    ("import-cycle", "Files importing each other in a loop. The diagnostic is where the loop closes; "
     "notes show the other imports on it.", "Remove one of the imports; move what both need into a "
     "third file.", ["import-cycle"]),
    ("override-missing-service", "An override layer (an environment file or `--override`) patches or "
     "deletes a service that no layer below defines — usually a typo, which must not silently add a "
     "service.", "Fix the id (the message suggests the closest), or give the entry a `type` to add a "
     "new service.", ["override-missing-service"]),
    ("eager-not-singleton", "`eager: true` on a service whose scope is not singleton; only a "
     "singleton can be built when the container is created.", "Make the service a singleton, or "
     "remove `eager`.", ["eager-not-singleton.yaml"]),
    ("unused-external", "A warning: an external is declared but no service uses it, so the host app "
     "supplies it for nothing.", "Remove it, or refer to it from a service.", ["unused-external.yaml"]),
    ("unused-parameter", "A warning: a parameter is declared but never referenced as `$name`.",
     "Remove it (an override file can delete it with `name: null`), or use it.", ["unused-parameter.yaml"]),
    ("unset-environment-variable", "A warning at validation (an error when a container is created): "
     "a parameter reads `${NAME}` with no default, and `NAME` is not set.", "Set the variable, or "
     "give a default: `${NAME:-value}`.", ["unset-environment-variable.yaml"]),
]

RUNTIME = [
    ("unregistered-type", "Linking: a service's `type` has no factory in the `Registry`.",
     "Register one: `try registry.register(Truck.init)`, or `register(..., name: \"Truck\")`.",
     "app.yaml:8:3: error: no factory is registered for 'Truck' (service 'truck'); register one with "
     "'registry.register(Truck.init)' [#unregistered-type]"),
    ("factory-mismatch", "Linking: a typed factory takes another number of arguments than the "
     "service's `init:` gives, or, when registered with `labels:`, other labels or another order.",
     "Make `init:` list the initializer's arguments in order, or register the matching initializer.",
     "app.yaml:3:29: error: the factory registered for 'Engine' takes 2 arguments (Double, String), but "
     "'engine' gives 1 in 'init:' ('power'); make them match [#factory-mismatch]"),
    ("unknown-property", "Linking: the graph file sets a property that is not registered for the type.",
     "Register it: `try registry.property(\"delegate\", of: View.self, \\.delegate)`.",
     "app.yaml:4:58: error: 'Car' has no registered property 'plugns'; register it with "
     "'registry.property(\"plugns\", of: Car.self, \\.plugns)'; did you mean 'plugins'? [#unknown-property]"),
    ("weak-value-type", "Linking: scope `weak`, or a weak or unowned external, on a value that is "
     "not a class instance; only objects can be held weakly.", "Choose another scope, or hold the "
     "external strong.", "app.yaml:5:3: error: 'plugin' has scope weak, but 'LoggingPlugin' is not a "
     "class; only objects can be held weakly, so choose another scope [#weak-value-type]"),
    ("missing-external", "Linking: a required external was not passed when creating the container.",
     "Pass it in `externals:` (by id, or `container.id`), or declare it `optional: true`.",
     "app.yaml:9:3: error: external 'baz' (Baz) was not supplied; pass it in 'externals:' when creating "
     "the container, or declare it 'optional: true' [#missing-external]"),
    ("unknown-external", "Linking: an external was passed that the graph file does not declare.",
     "Fix the key (the message suggests the closest) or declare the external.",
     "app.yaml:6:1: error: external 'filePth' was supplied, but the graph file declares no such external; "
     "did you mean 'filePath'? [#unknown-external]"),
    ("unknown-service", "Resolving: no service of the container (or its collaborators) has that id, "
     "or is bound to that type; also `reset(scope:)` of a scope that cannot be reset.",
     "Fix the id or type, or bind the type with `as:`.",
     "container 'main' has no service 'flakey'; did you mean 'flaky'? [#unknown-service]"),
    ("missing-argument", "Resolving: a service's run-time argument was not passed (or one it does not "
     "declare was), or an untyped factory asked for a label its `init:` does not give.",
     "Pass the arguments the service declares: `resolve(\"details\", arguments: [\"user\": user])`.",
     "cannot resolve 'userDetailsController': 'userDetailsController' needs run-time argument 'user' "
     "(User); pass it in 'arguments:' when resolving [#missing-argument] (app.yaml:30:3)"),
    ("type-mismatch", "Resolving: a value's type differs from what the factory or property takes, or "
     "from the type asked for.", "Fix the graph file's value or the registered type.",
     "cannot resolve 'userDetailsController': argument 'user' of 'userDetailsController' is a 'Int', "
     "but the factory takes 'User'; fix the graph file's value or the registered type [#type-mismatch] "
     "(app.yaml:30:3)"),
    ("factory-failed", "Resolving: a factory (or property setter) threw. Nothing half-built is cached, "
     "and the next resolve tries again; the error carries the factory's own error.",
     "Fix what the factory needs; the path shows how the service was reached.",
     "cannot resolve 'holder → flaky': the factory of 'flaky' threw: the network is down "
     "[#factory-failed] (app.yaml:3:3)"),
    ("released-external", "Resolving: a weak or unowned external that is not optional was released "
     "by the host app.", "Keep the object alive while the container is used, or declare it "
     "`optional: true`.", "cannot resolve 'tracker': unowned external 'baz' has been released by the host "
     "app; keep it alive while the container is used, or declare it 'optional: true' "
     "[#released-external] (app.yaml:9:3)"),
    ("released-container", "Resolving: a `$container` handle, provider or lazy value was used after the "
     "app released every `Container` it created. Those only observe the container, so singletons holding "
     "them do not keep it alive forever.", "Keep a `Container` alive while objects that resolve "
     "through it are in use.", "container 'main' was released: every handle the app created is gone, so "
     "the services it gave its factories can no longer resolve; keep a 'Container' alive while its "
     "objects use it [#released-container]"),
    ("internal-error", "A state dicfg does not expect. It is a bug in dicfg, never a mistake in the "
     "graph file.", "Report it with the file that caused it.", None),
]


def read(path):
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def example_block(name):
    path = os.path.join(INVALID, name)
    parts = []
    files = [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".yaml")] if os.path.isdir(path) else [path]
    for file in files:
        relative = os.path.relpath(file, ROOT)
        language = "json" if file.endswith(".json") else "yaml"
        text = read(file)
        if "\ufffd" in text:
            text = text.replace("\ufffd", "\\xE9")
            parts.append(f"`{relative}` (the byte 0xE9 shown as `\\xE9`):\n\n```text\n{text}```\n")
        elif len(text) > 400:
            parts.append(f"`{relative}` (a line of 300 `[` and 300 `]`).\n")
        else:
            parts.append(f"`{relative}`:\n\n```{language}\n{text}```\n")
    base = name.split(".")[0]
    output = read(os.path.join(INVALID, base + ".expected.txt"))
    if len(output) > 2000:
        output = "\n".join(line if len(line) < 200 else line[:120] + " …" for line in output.splitlines()) + "\n"
    command = "dicfg validate " + " ".join(os.path.relpath(f, ROOT) for f in files)
    parts.append(f"```\n$ {command}\n{output}```\n")
    return "\n".join(parts)


def main():
    lines = [
        "# Diagnostics",
        "",
        "Every finding of `dicfg validate`, of linking a plan and of resolving has a stable code: printed as",
        "`[#code]`, in JSON as `code`, in SARIF as the rule id. Users grep for codes and suppress them, so a",
        "code never changes meaning. This page has one entry per code: what it means, an example, what",
        "dicfg prints, and how to fix it. The graph-file examples live in `config-examples/invalid/`, and",
        "the tests check that each prints exactly what is shown here. (Generated by",
        "`Scripts/diagnostics_doc.py`.)",
        "",
        "## Graph files",
        "",
    ]
    for code, meaning, fix, examples in GRAPH:
        lines += [f"### `{code}`", "", meaning, ""]
        for example in examples or []:
            lines.append(example_block(example))
        lines += [f"**Fix:** {fix}", ""]
    lines += ["## Linking and resolving", "",
              "Creating a `Container` links a plan to the registered factories and the host app's externals,",
              "reporting every problem together as a `LinkError`; resolving throws a `ResolutionError` with the",
              "resolution path and the service's graph-file location. `dicfg validate --registry manifest.json`",
              "runs the registry checks in CI.", ""]
    for code, meaning, fix, sample in RUNTIME:
        lines += [f"### `{code}`", "", meaning, ""]
        if sample:
            lines += ["```", sample, "```", ""]
        lines += [f"**Fix:** {fix}", ""]
    with open(os.path.join(ROOT, "docs", "diagnostics.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines).rstrip() + "\n")


if __name__ == "__main__":
    main()
