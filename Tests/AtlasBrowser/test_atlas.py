"""The graph atlas (`dicfg graph FILE --format html`) in a real headless Chromium: a 1,000-service
graph with an environment layer opens offline, under 2 MB and within a second, and its search, its
path to a root and its environment switch work as a user drives them."""
import json
import os
import subprocess
import tempfile

import pytest

from chromium import Browser, executable

DICFG = os.environ.get("DICFG", "dicfg")
SCREENSHOTS = os.environ.get("ATLAS_SCREENSHOTS")
COUNT = 1000

pytestmark = pytest.mark.skipif(executable() is None, reason="Chromium is installed by .ci/run")


def write_graph(folder):
    """Service N takes services 2N+1 and 2N+2 (a tree under s0), every 7th through `properties:`.
    The test layer swaps a type, changes a scope, removes the root and adds a service."""
    lines = ["dicfg: 1", "services:"]
    for index in range(COUNT):
        lines.append(f"  s{index}:")
        lines.append(f"    type: Service{index}")
        lines.append(f"    scope: {'singleton' if index % 5 == 0 else 'graph'}")
        children = [child for child in (2 * index + 1, 2 * index + 2) if child < COUNT]
        if children:
            key = "properties" if index % 7 == 0 else "init"
            lines.append(f"    {key}: {{ " + ", ".join(f"c{n}: s{child}" for n, child in enumerate(children)) + " }")
    base = os.path.join(folder, "app.yaml")
    with open(base, "w") as file:
        file.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "app.test.yaml"), "w") as file:
        file.write("dicfg: 1\nservices:\n  s10:\n    type: StubService10\n  s20:\n    scope: graph\n"
                   "  s0: null\n  probe:\n    type: Probe\n    init: { first: s1 }\n")
    return base


@pytest.fixture(scope="module")
def atlas():
    folder = tempfile.mkdtemp(prefix="dicfg-atlas-")
    base = write_graph(folder)
    page = os.path.join(folder, "atlas.html")
    with open(page, "w") as output:
        subprocess.run([DICFG, "graph", base, "--format", "html"], stdout=output, check=True)
    diff = subprocess.run([DICFG, "diff", base, "--env", "test", "--format", "json"], capture_output=True,
                          text=True, check=True)
    browser = Browser()
    try:
        browser.open("file://" + page)
        yield browser, page, json.loads(diff.stdout)["changes"]
    finally:
        browser.close()


def search(browser, text):
    """Types `text` into the search box, as a user does, and returns the ids the list shows."""
    return browser.evaluate(f"""(() => {{
      const search = document.getElementById('search');
      search.value = {json.dumps(text)};
      search.dispatchEvent(new Event('input'));
      return [...document.querySelectorAll('#list li[data-n] .id')].map(node => node.textContent);
    }})()""")


def test_the_page_is_small_self_contained_and_fast(atlas):
    browser, page, _ = atlas
    assert os.path.getsize(page) < 2 * 1024 * 1024
    # Nothing but the page itself is requested: no network, no CDN.
    assert [url for url in browser.requested_urls() if not url.startswith("file://")] == []
    rendered = browser.evaluate("window.atlasRenderedAt")
    assert rendered is not None and rendered < 1000, f"rendered after {rendered} ms"
    assert browser.evaluate("document.querySelectorAll('#list li[data-n]').length") == COUNT
    assert browser.evaluate("document.getElementById('stats').textContent").startswith(f"{COUNT} of {COUNT} shown")


def test_search_finds_services_by_id_and_type(atlas):
    browser, _, _ = atlas
    shown = search(browser, "s99")
    # 's99' matches the ids s99 and s990…s999 (types are ServiceN, so they do not add matches).
    assert shown == ["s99"] + [f"s{n}" for n in range(990, 1000)]
    shown = search(browser, "service512 graph")
    assert shown == ["s512"]


def test_a_service_shows_its_path_to_a_root_and_its_neighbours(atlas):
    browser, _, _ = atlas
    path = browser.evaluate("""(() => {
      document.querySelector('#list li[data-n]').click();
      return [...document.querySelectorAll('#path a')].map(node => node.textContent);
    })()""")
    assert path == ["s0", "s1", "s3", "s7", "s15", "s31", "s63", "s127", "s255", "s512"]
    detail = browser.evaluate("document.getElementById('detail').textContent")
    assert "Dependents (1)" in detail and "Depends on (0)" in detail and "graph" in detail
    # Following a link in the path selects that service, and the address says so.
    browser.evaluate("document.querySelectorAll('#path a')[1].click()")
    assert browser.evaluate("document.getElementById('selected').textContent") == "s1"
    assert browser.evaluate("location.hash") == "#env=base&s=main%2Fs1&q=service512%20graph"
    if SCREENSHOTS:
        search(browser, "")
        browser.screenshot(os.path.join(SCREENSHOTS, "atlas-1000-services.png"))


def test_the_environment_switch_marks_what_diff_lists(atlas):
    browser, _, changes = atlas
    browser.evaluate("""(() => {
      const select = document.getElementById('env');
      select.value = '1';
      select.dispatchEvent(new Event('change'));
    })()""")
    search(browser, "")
    marked = browser.evaluate("[...document.querySelectorAll('#list li.chg .id')].map(node => node.textContent)")
    # Every service `dicfg diff` lists that the environment still has is marked; the removed root is gone.
    expected = sorted({change["id"] for change in changes if change["kind"] != "removed"})
    assert sorted(marked) == expected == ["probe", "s10", "s20"]
    assert browser.evaluate("document.querySelectorAll('#list li[data-n]').length") == COUNT
    # s1 was selected in the base; in 'test' nothing depends on it but the added probe.
    detail = browser.evaluate("document.getElementById('detail').textContent")
    assert "Dependents (1)" in detail and "probe" in detail
    path = browser.evaluate("[...document.querySelectorAll('#path a')].map(node => node.textContent)")
    assert path == ["probe", "s1"]
    # The environment's changes, with their lines and layer, when no service is selected.
    browser.evaluate("location.hash = '#env=test'")
    browser.wait_for("Page.navigatedWithinDocument")
    listed = browser.evaluate("[...document.querySelectorAll('#detail .change')].map(node => node.textContent)")
    assert len(listed) == len(changes)
    assert any("service 's10' type: Service10 → StubService10" in text and "app.test.yaml:4 [test]" in text
               for text in listed)
    assert any("service 's0' removed" in text and "app.test.yaml:7 [test]" in text for text in listed)


def test_an_example_app_in_its_test_environment():
    """The environments example: the test layer's stub client, its layer and line, and the removed
    analytics, as the documentation shows them."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    example = "config-examples/environments/app.yaml"
    folder = tempfile.mkdtemp(prefix="dicfg-atlas-")
    page = os.path.join(folder, "atlas.html")
    with open(page, "w") as output:
        subprocess.run([DICFG, "graph", example, "--format", "html"], stdout=output, check=True, cwd=root)
    browser = Browser(width=1280, height=720)
    try:
        browser.open("file://" + page + "#env=test&s=main%2FhttpClient")
        detail = browser.evaluate("document.getElementById('detail').textContent")
        assert "StubHTTPClient" in detail
        assert "Changed in 'test'service 'httpClient' type: URLSessionHTTPClient → StubHTTPClient" in detail
        assert "app.test.yaml:5[test]" in detail.replace(" ", "")
        marked = browser.evaluate("[...document.querySelectorAll('#list li.chg .id')].map(node => node.textContent)")
        assert marked == ["httpClient", "loginViewModel"]
        if SCREENSHOTS:
            browser.screenshot(os.path.join(SCREENSHOTS, "atlas-environments-test.png"))
    finally:
        browser.close()


def test_a_modular_app_lists_each_fragments_services_as_a_group():
    """The modular example: the root's services, then each imported fragment's, under its file."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    folder = tempfile.mkdtemp(prefix="dicfg-atlas-")
    page = os.path.join(folder, "atlas.html")
    with open(page, "w") as output:
        subprocess.run([DICFG, "graph", "config-examples/modular/app.yaml", "--format", "html"], stdout=output,
                       check=True, cwd=root)
    browser = Browser()
    try:
        browser.open("file://" + page)
        listed = browser.evaluate("""[...document.querySelectorAll('#list li')].map(node =>
          node.classList.contains('group') ? '# ' + node.textContent : node.querySelector('.id').textContent)""")
        assert listed == [
            "# config-examples/modular/app.yaml", "logger", "home",
            "# config-examples/modular/network.yaml", "httpClient",
            "# config-examples/modular/alerts.yaml", "alertFactory", "welcome",
            "# config-examples/modular/profile.yaml", "profile",
        ]
    finally:
        browser.close()
