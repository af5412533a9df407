"""End-to-end tests of `dicfg lsp`, driven by pytest-lsp's client (pygls) over standard input and
output, on copies of the project's config examples.

    DICFG=.build/debug/dicfg python3 -m pytest Tests/LanguageServerClient
"""

import asyncio
import os
import pathlib
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
DICFG = os.environ.get("DICFG", str(ROOT / ".build" / "debug" / "dicfg"))


@pytest.fixture
def examples(tmp_path):
    """A copy of config-examples/environments (a base file and two layers) and of the weather example."""
    for name in ["environments", "weather"]:
        shutil.copytree(ROOT / "config-examples" / name, tmp_path / name)
    return tmp_path


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[DICFG, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=None)
    )
    yield
    await lsp_client.shutdown_session()


def uri(path):
    return pathlib.Path(path).as_uri()


async def diagnostics_of(client, path):
    """The diagnostics the server publishes after an edit of `path`: that file's come first, then
    those of the other files its compile read."""
    params = await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
    assert params.uri == uri(path)
    # The server answers in order: once a request's answer is back, the other files' diagnostics
    # of this edit are too, and the next edit's come first.
    await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    return list(params.diagnostics)


async def open_file(client, path, text=None):
    text = pathlib.Path(path).read_text() if text is None else text
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="yaml", version=1, text=text)
        )
    )
    await diagnostics_of(client, path)
    return text


def change_file(client, path, text, version):
    """Sends the whole new text of an open file, as an editor does after an edit."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def position_of(text, needle, occurrence=0, offset=0):
    """The position of the `occurrence`-th `needle` in `text`, `offset` characters in."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index)
    character = index - (text.rfind("\n", 0, index) + 1) + offset
    return types.Position(line=line, character=character)


async def test_a_mistake_typed_is_a_located_diagnostic_and_fixing_it_clears_it(client, examples):
    path = examples / "environments" / "app.yaml"
    text = await open_file(client, path)
    assert list(client.diagnostics[uri(path)]) == []

    broken = text.replace("init: { users: userRepository,", "init: { users: userRepositry,")
    change_file(client, path, broken, version=2)
    diagnostics = await diagnostics_of(client, path)
    assert [d.code for d in diagnostics] == ["unknown-reference"]
    assert diagnostics[0].range.start == position_of(broken, "userRepositry")
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    assert "did you mean 'userRepository'" in diagnostics[0].message

    change_file(client, path, text, version=3)
    assert await diagnostics_of(client, path) == []


async def test_a_half_typed_file_gets_a_diagnostic_not_a_dead_server(client, examples):
    path = examples / "environments" / "app.yaml"
    await open_file(client, path, "dicfg: 1\nservices:\n  a: { type: A, init: { b: [\n")
    diagnostics = client.diagnostics[uri(path)]
    assert len(diagnostics) >= 1
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    # The server still answers.
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line=1, character=0))
    )
    assert any(item.label == "services" for item in result.items)
    assert not any(item.label == "init" for item in result.items)


async def test_completion_offers_the_services_with_type_and_scope(client, examples):
    path = examples / "environments" / "app.yaml"
    text = await open_file(client, path)
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(text, "userRepository,", offset=4),
        )
    )
    items = {item.label: item.detail for item in result.items}
    # A service the layers patch is offered once, as the base declares it.
    labels = [item.label for item in result.items]
    assert len(labels) == len(set(labels)), labels
    assert items["httpClient"] == "URLSessionHTTPClient, singleton (container 'main')"
    assert items["userRepository"] == "RemoteUserRepository, graph (container 'main')"

    scopes = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(text, "scope: singleton", offset=7),
        )
    )
    assert {"graph", "unique", "singleton", "weak", "cached"} <= {item.label for item in scopes.items}

    parameters = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(text, "$apiBaseURL", offset=1),
        )
    )
    assert {"apiBaseURL", "apiToken"} <= {item.label for item in parameters.items}


async def test_definition_jumps_from_a_layer_to_the_base_file(client, examples):
    base = examples / "environments" / "app.yaml"
    layer = examples / "environments" / "app.production.yaml"
    layer_text = await open_file(client, layer)
    base_text = base.read_text()
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(layer)),
            position=position_of(layer_text, "userRepository:", offset=2),
        )
    )
    assert result.uri == uri(base)
    assert result.range.start == position_of(base_text, "userRepository:")


async def test_definition_of_a_reference_and_of_a_bound_type(client, examples):
    path = examples / "environments" / "app.yaml"
    text = await open_file(client, path)
    reference = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(text, "users: userRepository", offset=9),
        )
    )
    assert reference.range.start == position_of(text, "userRepository:")
    bound = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(text, "http: HTTPClient", offset=8),
        )
    )
    assert bound.range.start == position_of(text, "httpClient:")


async def test_hover_shows_the_definition_where_each_field_was_set_and_who_requests_it(client, examples):
    path = examples / "environments" / "app.yaml"
    text = await open_file(client, path)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(text, "userRepository:", offset=3),
        )
    )
    value = hover.contents.value
    assert "**userRepository**, a service of container 'main'" in value
    assert "`type: RemoteUserRepository` — set in app.yaml:" in value
    assert "- `scope: graph` (the default)" in value and "- `isolation: nonisolated` (the default)" in value
    assert "In production:\n- `scope: cached` — set in app.production.yaml:11:12" in value
    assert "Requested by loginViewModel." in value


async def test_rename_changes_the_base_file_and_its_layer(client, examples):
    base = examples / "environments" / "app.yaml"
    layer = examples / "environments" / "app.production.yaml"
    text = await open_file(client, base)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri(base)),
            position=position_of(text, "userRepository:", offset=1),
            new_name="accounts",
        )
    )
    assert sorted(edit.changes) == sorted([uri(base), uri(layer)])
    assert len(edit.changes[uri(base)]) == 2  # the declaration and loginViewModel's reference
    assert len(edit.changes[uri(layer)]) == 1
    assert all(change.new_text == "accounts" for changes in edit.changes.values() for change in changes)

    with pytest.raises(Exception, match="'httpClient' is already a service"):
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=uri(base)),
                position=position_of(text, "userRepository:", offset=1),
                new_name="httpClient",
            )
        )


async def test_document_and_workspace_symbols(client, examples):
    path = examples / "weather" / "app.yaml"
    await open_file(client, path)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    names = [symbol.name for symbol in symbols]
    assert "weatherClient" in names and "rootViewController" in names

    # A file with containers nests its services under them.
    dip = examples / "dip-collaboration" / "app.yaml"
    shutil.copytree(ROOT / "config-examples" / "dip-collaboration", examples / "dip-collaboration")
    await open_file(client, dip)
    nested = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(dip)))
    )
    assert {symbol.name: [child.name for child in symbol.children] for symbol in nested} == {
        "root": ["dataStore"],
        "eventsList": ["eventsListWireframe"],
        "addEvent": ["addEventWireframe"],
    }
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="weatherrep"))
    assert {symbol.name for symbol in found} >= {"weatherReportController"}


SWIFT_TYPES = """\
final class Client: Sendable {
  init(baseURL: String, retries: Int) {}
}
final class Service: Sendable {
  init(client: Client) {}
}
"""

SWIFT_GRAPH = """\
dicfg: 1
services:
  client: { type: Client, init: { baseURL: { value: "https://example.com" }, retries: { value: 3 } } }
  service: { type: Service, init: { client: client } }
"""


@pytest.fixture
def swift_target(tmp_path):
    """A target as the build plugin sees it: the graph file at its root, beside its Swift."""
    (tmp_path / "Types.swift").write_text(SWIFT_TYPES)
    (tmp_path / "dicfg.yaml").write_text(SWIFT_GRAPH)
    return tmp_path


async def test_the_swift_beside_the_graph_file_is_checked_and_completed(client, swift_target):
    path = swift_target / "dicfg.yaml"
    text = await open_file(client, path)
    assert list(client.diagnostics[uri(path)]) == []

    broken = text.replace("retries: { value: 3 }", "retires: { value: 3 }")
    change_file(client, path, broken, version=2)
    diagnostics = await diagnostics_of(client, path)
    assert [d.code for d in diagnostics] == ["initializer-mismatch"]
    assert diagnostics[0].range.start == position_of(broken, "retires")
    assert "did you mean 'retries'" in diagnostics[0].message

    type_names = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(broken, "type: Service", offset=6),
        )
    )
    assert {"Client", "Service"} <= {item.label for item in type_names.items}

    labels = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(broken, "init: {", offset=8),
        )
    )
    assert {item.label for item in labels.items} == {"baseURL", "retries"}

    declaration = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            position=position_of(broken, "type: Client", offset=7),
        )
    )
    assert declaration.uri == uri(swift_target / "Types.swift")
    assert declaration.range.start.line == 0


async def test_completion_in_a_half_typed_block_reads_the_place_from_the_tree(client, swift_target):
    path = swift_target / "dicfg.yaml"
    await open_file(client, path)
    # A block `init:` being written: its labels, then a service for a label's value, then a
    # service's keys as the compiler knows them.
    typed = SWIFT_GRAPH + "  other:\n    type: Service\n    init:\n      \n"
    change_file(client, path, typed, version=2)
    await diagnostics_of(client, path)
    lines = typed.split("\n")
    label_line = len(lines) - 2

    def at(line, character):
        return types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line=line, character=character)
        )

    labels = await client.text_document_completion_async(at(label_line, 6))
    assert [item.label for item in labels.items] == ["client"]

    valued = typed.replace("    init:\n      \n", "    init:\n      client: \n")
    change_file(client, path, valued, version=3)
    await diagnostics_of(client, path)
    references = await client.text_document_completion_async(at(label_line, 14))
    names = [item.label for item in references.items]
    # `Service.init(client:)` takes a `Client`: the services of type `Service` cannot be passed.
    assert names == ["client"], names

    keys = await client.text_document_completion_async(at(label_line - 2, 4))
    assert {item.label for item in keys.items} >= {"type", "scope", "init", "properties", "as"}
    assert "description" not in {item.label for item in keys.items}


async def test_rename_a_parameter_from_its_use_in_every_layer(client, examples):
    base = examples / "environments" / "app.yaml"
    text = await open_file(client, base)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri(base)),
            position=position_of(text, "$apiBaseURL", offset=2),
            new_name="baseURL",
        )
    )
    counts = {pathlib.Path(types_uri).name: len(changes) for types_uri, changes in edit.changes.items()}
    assert counts == {"app.yaml": 2, "app.production.yaml": 1, "app.test.yaml": 1}
    use = next(change for change in edit.changes[uri(base)] if change.range.start.line == position_of(text, "$apiBaseURL").line)
    assert use.range.start == position_of(text, "$apiBaseURL", offset=1)


async def test_a_fragment_is_checked_through_its_importer_and_an_alias_goes_to_its_service(client, tmp_path):
    shutil.copytree(ROOT / "config-examples" / "knights", tmp_path / "knights")
    quests = tmp_path / "knights" / "quests.yaml"
    text = await open_file(client, quests)
    # quests.yaml is imported by app.yaml, which defines what it uses: no false error.
    assert list(client.diagnostics[uri(quests)]) == []
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(quests)),
            position=position_of(text, "alias: holyGrailQuest", offset=9),
        )
    )
    assert result.range.start == position_of(text, "holyGrailQuest:")


async def test_hover_shows_the_isolation_the_compiler_decides(client, tmp_path):
    """A type with a main-actor initializer and a nonisolated one: the service's isolation is the
    one of the initializer its `init:` names, as the compiler and the generated code have it."""
    (tmp_path / "Types.swift").write_text(
        "final class Panel {\n  @MainActor init() {}\n  nonisolated init(title: String) {}\n}\n"
    )
    text = "dicfg: 1\nservices:\n  panel: { type: Panel, init: { title: { value: x } } }\n  shown: { type: Panel }\n"
    path = tmp_path / "dicfg.yaml"
    path.write_text(text)
    await open_file(client, path)
    hovers = {}
    for name in ["panel", "shown"]:
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri(path)),
                position=position_of(text, name + ":", offset=1),
            )
        )
        hovers[name] = hover.contents.value
    assert "- `isolation: nonisolated` (the default)" in hovers["panel"], hovers["panel"]
    assert "- `isolation: MainActor` (its Swift initializer is)" in hovers["shown"], hovers["shown"]


async def test_a_service_taken_by_type_has_its_references_and_requesters(client, examples):
    """`userRepository` takes `http: HTTPClient`, which `httpClient` binds with `as:`."""
    base = examples / "environments" / "app.yaml"
    text = await open_file(client, base)
    where = types.TextDocumentIdentifier(uri=uri(base))
    at = position_of(text, "httpClient:", offset=1)
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=where, position=at, context=types.ReferenceContext(include_declaration=False)
        )
    )
    assert [(r.uri, r.range.start) for r in references] == [(uri(base), position_of(text, "HTTPClient }"))]
    hover = await client.text_document_hover_async(types.HoverParams(text_document=where, position=at))
    assert hover.contents.value.endswith("Requested by userRepository."), hover.contents.value


async def test_rename_refuses_a_name_the_compiler_would_reject(client, examples):
    base = examples / "environments" / "app.yaml"
    text = await open_file(client, base)
    with pytest.raises(Exception) as refused:
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=uri(base)),
                position=position_of(text, "analytics:", offset=1),
                new_name="console-analytics",
            )
        )
    assert "'console-analytics' is not a valid service id" in str(refused.value)


async def test_a_saved_swift_file_checks_the_graph_file_again(client, swift_target):
    path = swift_target / "dicfg.yaml"
    await open_file(client, path)
    assert list(client.diagnostics[uri(path)]) == []
    # The initializer's label changes in Swift, and only the Swift file is saved.
    swift = swift_target / "Types.swift"
    swift.write_text(SWIFT_TYPES.replace("retries: Int", "attempts: Int"))
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(swift))))
    diagnostics = await diagnostics_of(client, path)
    assert [d.code for d in diagnostics] == ["initializer-mismatch"]


async def test_the_editor_opens_the_atlas_and_an_environments_diff(client, examples):
    base = examples / "environments" / "app.yaml"
    await open_file(client, base)
    atlas = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="dicfg.openAtlas", arguments=[uri(base)])
    )
    page = pathlib.Path(atlas["uri"].removeprefix("file://")).read_text()
    assert page.startswith("<!DOCTYPE html>") and '"name":"test"' in page
    diff = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="dicfg.showDiff", arguments=[uri(base), "test"])
    )
    assert diff["markdown"].startswith("### dicfg diff: ")
    assert "| ➖ | service `analytics` removed (was `ConsoleAnalytics`) |" in diff["markdown"]
