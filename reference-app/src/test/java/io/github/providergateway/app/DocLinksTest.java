package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the project's Markdown ({@code README.md}, {@code docs/}, the modules'
 * READMEs) reaches a file that exists and, when it names a section ({@code page.md#section}), a
 * heading of that page, spelled as GitHub makes a heading's anchor. Sections get renamed as the
 * docs grow (issue 63: "docs that stay true"); a link left behind lands a reader at the top of a
 * long page.
 */
class DocLinksTest {

  private static final Path ROOT = ArchitectureTest.ROOT;

  /**
   * {@code [text](target)}; an image's {@code ![alt](target)} too. Code spans are taken out first.
   */
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");

  private final Map<Path, Set<String>> anchors = new HashMap<>();

  @Test
  void everyRelativeLinkReachesAFileAndAHeadingThatExist() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      broken.addAll(brokenLinks(page));
    }
    assertThat(broken).as("links to files or sections that do not exist").isEmpty();
  }

  @Test
  void anchorsAreSpelledAsGitHubSpellsThem() {
    assertThat(anchor("When the gateway stops or crashes: the gates stay"))
        .isEqualTo("when-the-gateway-stops-or-crashes-the-gates-stay");
    assertThat(anchor("Held gates (`gates`, `gateway gates`, `gates.held`)"))
        .isEqualTo("held-gates-gates-gateway-gates-gatesheld");
    assertThat(anchor("The guard's own ground — and its C++ / `--rpc` side"))
        .isEqualTo("the-guards-own-ground--and-its-c----rpc-side");
  }

  @Test
  void aLinkToAMissingSectionIsFound(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Files.writeString(dir.resolve("a.md"), "# Top\n\n## Held gates\n\nSee [b](b.md#nowhere).\n");
    Files.writeString(
        dir.resolve("b.md"),
        "# B\n\n```\n# not a heading\n```\n[a](a.md#held-gates) [c](c.md) [self](#b)"
            + " [x](#not-a-heading)\n");
    assertThat(brokenLinks(dir.resolve("a.md")))
        .singleElement()
        .asString()
        .contains("b.md#nowhere");
    assertThat(brokenLinks(dir.resolve("b.md")))
        .hasSize(2)
        .anySatisfy(line -> assertThat(line).contains("c.md"))
        .anySatisfy(line -> assertThat(line).contains("#not-a-heading"));
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files
          .filter(file -> file.toString().endsWith(".md"))
          .filter(
              file ->
                  !ROOT.relativize(file)
                      .toString()
                      .matches("(.*/)?(target|node_modules|\\.git)/.*"))
          .forEach(pages::add);
    }
    return pages;
  }

  private List<String> brokenLinks(Path page) throws IOException {
    List<String> broken = new ArrayList<>();
    List<String> lines = Files.readAllLines(page);
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.stripLeading().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("^[a-z][a-z0-9+.-]*:.*") || target.startsWith("<")) {
          continue; // https:, mailto:, gateway://: not a file of this repository
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path reached = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = ROOT.relativize(page) + ":" + (i + 1) + ": " + target;
        if (!Files.exists(reached)) {
          broken.add(where + " (no such file)");
        } else if (hash >= 0
            && reached.toString().endsWith(".md")
            && !anchorsOf(reached).contains(target.substring(hash + 1))) {
          broken.add(where + " (no such heading)");
        }
      }
    }
    return broken;
  }

  private Set<String> anchorsOf(Path page) {
    return anchors.computeIfAbsent(
        page,
        file -> {
          Set<String> found = new HashSet<>();
          Map<String, Integer> seen = new HashMap<>();
          boolean fenced = false;
          try {
            for (String line : Files.readAllLines(file)) {
              if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
              }
              Matcher html = HTML_ANCHOR.matcher(line);
              while (html.find()) {
                found.add(html.group(1));
              }
              Matcher heading = HEADING.matcher(line);
              if (!fenced && heading.matches()) {
                String anchor = anchor(heading.group(1));
                int times = seen.merge(anchor, 1, Integer::sum);
                found.add(times == 1 ? anchor : anchor + "-" + (times - 1));
              }
            }
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          return found;
        });
  }

  /**
   * GitHub's anchor for a heading: lower case, every character that is not a letter, a digit, a
   * space, a hyphen or an underscore dropped, each space a hyphen.
   */
  static String anchor(String heading) {
    String text = heading.replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1"); // a link keeps its text
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }
}
