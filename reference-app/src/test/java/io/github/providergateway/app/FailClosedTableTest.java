package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/conformance.md points into the code by line, above all in its fail-closed table: {@code
 * HookAdapter.java:LINE (`down`, decision 76)}. Code moves, and a row that points at the wrong line
 * sends a reviewer to the wrong place (issue 63: FC-24…31 once pointed at lines 502–911 of a
 * 436-line file). So each such reference must name one main source file (a bare name must be unique
 * across the modules, else it is qualified as {@code module/…/dir/Name.java}), lines that file has
 * and that hold code, and, in backticks in the parentheses after it, the method or keyword those
 * lines hold: each named word is on one of the lines, or is the method one of them is in.
 */
class FailClosedTableTest {

  private static final Path PAGE = ArchitectureTest.ROOT.resolve("docs/conformance.md");

  /**
   * {@code module/…/dir/Name.java:12,30–34 (`what`, words)}: the file, its lines, their anchors.
   */
  private static final Pattern REFERENCE =
      Pattern.compile(
          "(?:([\\w.-]+)/…/((?:[\\w.-]+/)*))?(\\w+\\.java):(\\d+(?:[–-]\\d+)?(?:,\\d+(?:[–-]\\d+)?)*)"
              + "(?:`?\\s*\\(([^)]*)\\))?");

  private static final Pattern ANCHOR = Pattern.compile("`([A-Za-z_]\\w*)`");

  /** A method or constructor declaration's line: its modifiers, type and name. */
  private static final Pattern DECLARATION =
      Pattern.compile(
          "^\\s*(?:(?:public|protected|private|static|final|synchronized|abstract|default)\\s+)*"
              + "(?:<[^>]*>\\s+)?(\\w[\\w.<>\\[\\], ?]*?)\\s+(\\w+)\\s*\\(");

  /** Words that start a statement which {@link #DECLARATION} would otherwise take for a type. */
  private static final Set<String> STATEMENTS =
      Set.of("return", "new", "throw", "else", "case", "yield", "assert");

  @Test
  void everyLineThePageNamesHoldsWhatItsRowSays() throws IOException {
    List<String> problems =
        problems(Files.readAllLines(PAGE), ArchitectureTest.mainSourcesByName());

    assertThat(problems).as("stale references to code in docs/conformance.md").isEmpty();
  }

  @Test
  void theTableStillPointsIntoTheCode() throws IOException {
    long references =
        Files.readAllLines(PAGE).stream()
            .filter(line -> line.startsWith("| FC-"))
            .filter(line -> REFERENCE.matcher(line).find())
            .count();

    assertThat(references).as("fail-closed rows that name a line").isGreaterThan(30);
  }

  @Test
  void aLineBeyondTheEndOfItsFileIsStale() {
    assertThat(check("| FC-24 | `HookEngine.java:872` (`gateTimedOut`) |"))
        .singleElement(STRING)
        .contains("HookEngine.java has")
        .contains("no line 872");
  }

  @Test
  void aMethodTheLinesAreNotInIsStale() {
    // Line 1 of HookEngine.java is its package statement, in no method.
    assertThat(check("`HookEngine.java:1` (`gateTimedOut`)"))
        .singleElement(STRING)
        .contains("`gateTimedOut` is neither on");
  }

  @Test
  void aLineInsideTheNamedMethodOrHoldingTheNamedWordIsTrue() throws IOException {
    Path file = ArchitectureTest.mainSourcesByName().get("HookGates.java").get(0);
    List<String> source = Files.readAllLines(file);
    int declaration = lineOf(source, "void gateTimedOut(");
    int body = declaration + 1;

    assertThat(check("`HookGates.java:" + body + "` (`gateTimedOut`)")).isEmpty();
    assertThat(check("`HookGates.java:" + declaration + "–" + (body + 1) + "` (`PendingGate`)"))
        .isEmpty();
  }

  @Test
  void aNameInTwoModulesMustBeQualifiedAndThenIsFound() {
    // The benchmarks' harness and the guard both have a GatewayProcess (issue 79 made the
    // libraries' names distinct; the harness is no library).
    assertThat(check("`GatewayProcess.java:1` (`package`)"))
        .singleElement(STRING)
        .contains("qualify it");
    assertThat(check("`guard/…/internal/GatewayProcess.java:1` (`package`)")).isEmpty();
  }

  @Test
  void aReferenceThatNamesNothingItsLinesHoldIsRefused() {
    assertThat(check("`HookEngine.java:1`"))
        .singleElement(STRING)
        .contains("names no method or keyword");
  }

  private static List<String> check(String line) {
    return problems(List.of(line), ArchitectureTest.mainSourcesByName());
  }

  private static int lineOf(List<String> source, String text) {
    for (int i = 0; i < source.size(); i++) {
      if (source.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(text + " is not in the source");
  }

  /** What is wrong with each reference to a source line on the page's lines. */
  static List<String> problems(List<String> page, Map<String, List<Path>> sources) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < page.size(); i++) {
      Matcher reference = REFERENCE.matcher(page.get(i));
      while (reference.find()) {
        String where = "conformance.md:" + (i + 1) + " `" + reference.group() + "`: ";
        String problem = problem(reference, sources);
        if (problem != null) {
          problems.add(where + problem);
        }
      }
    }
    return problems;
  }

  private static String problem(Matcher reference, Map<String, List<Path>> sources) {
    String name = reference.group(3);
    List<Path> candidates = new ArrayList<>(sources.getOrDefault(name, List.of()));
    if (reference.group(1) != null) {
      Path module = ArchitectureTest.ROOT.resolve(reference.group(1));
      String folder = reference.group(2);
      candidates.removeIf(
          p -> !p.startsWith(module) || !(folder.isEmpty() || p.getParent().endsWith(folder)));
    }
    if (candidates.size() != 1) {
      return candidates.isEmpty()
          ? "no main source is named so"
          : name + " is in " + candidates.size() + " places: qualify it as module/…/dir/" + name;
    }
    List<String> source = ArchitectureTest.read(candidates.get(0)).lines().toList();
    List<Integer> lines = new ArrayList<>();
    for (String part : reference.group(4).split(",")) {
      String[] ends = part.split("[–-]");
      int first = Integer.parseInt(ends[0]);
      int last = Integer.parseInt(ends[ends.length - 1]);
      for (int end : new int[] {first, last}) {
        if (end > source.size() || !isCode(source.get(end - 1))) {
          return name + " has " + (end > source.size() ? "no line " : "no code at line ") + end;
        }
      }
      for (int line = first; line <= last; line++) {
        lines.add(line);
      }
    }
    Matcher anchor = ANCHOR.matcher(reference.group(5) == null ? "" : reference.group(5));
    boolean named = false;
    while (anchor.find()) {
      named = true;
      if (!holds(source, lines, anchor.group(1))) {
        return "`"
            + anchor.group(1)
            + "` is neither on these lines nor the method they are in (now "
            + enclosingMethods(source, lines.get(0))
            + ")";
      }
    }
    return named ? null : "names no method or keyword in backticks in ( ) after it";
  }

  private static boolean holds(List<String> source, List<Integer> lines, String word) {
    Pattern whole = Pattern.compile("\\b" + Pattern.quote(word) + "\\b");
    for (int line : lines) {
      if (whole.matcher(source.get(line - 1)).find()
          || enclosingMethods(source, line).contains(word)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The methods a line is in, innermost first: going up, each line indented less than all below it
   * opens a block that holds the line (google-java-format indents every block's body).
   */
  static Set<String> enclosingMethods(List<String> source, int line) {
    Set<String> methods = new HashSet<>();
    int below = indent(source.get(line - 1)) + 1;
    for (int i = line - 1; i >= 0 && below > 0; i--) {
      String text = source.get(i);
      if (text.isBlank() || indent(text) >= below) {
        continue;
      }
      below = indent(text);
      Matcher declaration = DECLARATION.matcher(text);
      if (declaration.find() && !STATEMENTS.contains(declaration.group(1).split("\\s+", 2)[0])) {
        methods.add(declaration.group(2));
      }
    }
    return methods;
  }

  private static boolean isCode(String line) {
    String text = line.strip();
    return !text.isEmpty()
        && !text.equals("}")
        && !text.startsWith("*")
        && !text.startsWith("/*")
        && !text.startsWith("//");
  }

  private static int indent(String line) {
    int indent = 0;
    while (indent < line.length() && line.charAt(indent) == ' ') {
      indent++;
    }
    return indent;
  }

  /** Every module's main sources by file name: a name in two modules has two entries. */
}
