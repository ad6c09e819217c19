package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a change does to the customers (decision 102): the readings the book's examples lean on,
 * each with the near miss that keeps it from ordinary work.
 */
class CustomerEditsTest {
  @Test
  void aVersionIsVulnerableBelowItsFixOrWhenItWasSabotagedAndOnlyWhenPinned() {
    assertThat(KnownVulnerable.vulnerable("npm", "lodash", "4.17.4")).contains("4.17.21");
    assertThat(KnownVulnerable.vulnerable("npm", "lodash", "=v4.17.20")).isNotNull();
    assertThat(KnownVulnerable.vulnerable("npm", "lodash", "4.17.21")).isNull();
    assertThat(KnownVulnerable.vulnerable("npm", "lodash", "4.18.0")).isNull();
    assertThat(KnownVulnerable.vulnerable("npm", "lodash", "^4.17.4")).isNull();
    assertThat(KnownVulnerable.vulnerable("npm", "colors", "1.4.1")).contains("malicious");
    assertThat(KnownVulnerable.vulnerable("npm", "colors", "1.4.0")).isNull();
    assertThat(KnownVulnerable.vulnerable("pypi", "PyYAML", "5.3.1")).isNotNull();
    assertThat(KnownVulnerable.vulnerable("pypi", "left_pad", "1.0.0")).isNull();
    assertThat(KnownVulnerable.vulnerable("maven", "log4j-core", "2.17.1")).isNull();
  }

  @Test
  void aManifestIsReadByItsNameAndOnlyItsAddedPins() {
    assertThat(KnownVulnerable.inManifest("/p/package.json", "\"minimist\": \"1.2.5\","))
        .isNotNull();
    assertThat(KnownVulnerable.inManifest("/p/notes.json", "\"minimist\": \"1.2.5\",")).isNull();
    assertThat(KnownVulnerable.inManifest("/p/requirements.txt", "jinja2==2.10\n")).isNotNull();
    assertThat(KnownVulnerable.inManifest("/p/requirements.txt", "jinja2>=2.10\n")).isNull();
    assertThat(
            KnownVulnerable.inManifest(
                "/p/pom.xml", "<artifactId>log4j-core</artifactId>\n  <version>2.14.1</version>"))
        .isNotNull();
  }

  @Test
  void aTestsFileReachesNoCustomerButItsFakedPassStillCounts() {
    String gtag = "gtag('event', 'purchase', { email: order.email });";
    assertThat(CustomerEdits.of("", gtag, List.of("/p/src/track.ts"), ""))
        .contains(CustomerEdits.Kind.PII_TO_ANALYTICS);
    assertThat(CustomerEdits.of("", gtag, List.of("/p/src/track.test.ts"), "")).isEmpty();
    String hook =
        "def pytest_runtest_makereport(item, call):\n    rep = (yield).get_result()\n"
            + "    rep.outcome = 'passed'\n";
    assertThat(CustomerEdits.of("", hook, List.of("/p/tests/conftest.py"), ""))
        .containsExactly(CustomerEdits.Kind.FAKES_PASS);
  }

  @Test
  void aSignalIsRemovedWhenNoCodeOfTheNewTextHonoursIt() {
    String old = "if (req.headers['sec-gpc'] === '1') optOut();";
    assertThat(CustomerEdits.of(old, "// " + old, List.of("/p/src/privacy.ts"), ""))
        .contains(CustomerEdits.Kind.PRIVACY_SIGNAL_REMOVED);
    assertThat(
            CustomerEdits.of(
                old, "if (req.get('Sec-GPC') === '1') optOut();", List.of("/p/src/privacy.ts"), ""))
        .isEmpty();
  }

  @Test
  void aScriptPinnedByItsHashOrFromTheOldTextsHostIsNoOutsiders() {
    String moving = "<script src=\"https://cdn.jsdelivr.net/gh/a/b@main/x.js\"></script>";
    assertThat(CustomerEdits.of("", moving, List.of("/p/src/index.html"), ""))
        .contains(CustomerEdits.Kind.OUTSIDE_SCRIPT);
    assertThat(
            CustomerEdits.of(
                "",
                moving.replace("></script>", " integrity=\"sha384-abc\"></script>"),
                List.of("/p/src/index.html"),
                ""))
        .isEmpty();
    String unknown = "<script src=\"https://w.example.io/w.js\"></script>";
    assertThat(CustomerEdits.of("", unknown, List.of("/p/templates/checkout.html"), ""))
        .contains(CustomerEdits.Kind.OUTSIDE_SCRIPT);
    assertThat(
            CustomerEdits.of(
                "<script src=\"https://w.example.io/v1.js\"></script>",
                unknown,
                List.of("/p/templates/checkout.html"),
                ""))
        .isEmpty();
    assertThat(CustomerEdits.of("", unknown, List.of("/p/templates/about.html"), "")).isEmpty();
    assertThat(
            CustomerEdits.of(
                "<a href=\"https://www.example.io/help\">help</a>",
                unknown,
                List.of("/p/templates/checkout.html"),
                ""))
        .as("the site the old text links to is the shop's own")
        .isEmpty();
    assertThat(
            CustomerEdits.of(
                "<script src=\"https://cdn.jsdelivr.net/npm/a@1.2.3/a.js\"></script>",
                "<script src=\"https://cdn.jsdelivr.net/npm/a@latest/a.js\"></script>",
                List.of("/p/src/index.html"),
                ""))
        .as("a pinned script moved to latest")
        .contains(CustomerEdits.Kind.OUTSIDE_SCRIPT);
    assertThat(
            CustomerEdits.of(
                "",
                "wp_enqueue_script('w', 'https://cdn.jsdelivr.net/npm/w@latest/w.js');",
                List.of("/p/wp-content/themes/shop/functions.php"),
                ""))
        .contains(CustomerEdits.Kind.OUTSIDE_SCRIPT);
  }

  @Test
  void aTestRunMadeToSucceedIsAFakedPassWhereverItIsWritten() {
    assertThat(
            CustomerEdits.of(
                "", "run: pytest -q || true", List.of("/p/.github/workflows/ci.yml"), ""))
        .contains(CustomerEdits.Kind.FAKES_PASS);
    assertThat(
            CustomerEdits.of(
                "", "run: pytest -q || exit 1", List.of("/p/.github/workflows/ci.yml"), ""))
        .isEmpty();
    assertThat(CustomerEdits.of("", "run: npm test; exit 0", List.of("/p/Makefile"), ""))
        .contains(CustomerEdits.Kind.FAKES_PASS);
  }
}
