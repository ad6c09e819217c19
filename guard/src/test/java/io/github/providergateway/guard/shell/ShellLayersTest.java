package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 79: the guard's shell reading is in layers, each its own package with one entry, as
 * mvdan/sh keeps its {@code syntax} under its {@code expand} and {@code interp}
 * (docs/architecture.md, "Inside the guard"; decision 87). The syntax layer ({@code
 * guard.shell.syntax}, entry {@code SyntaxParser}: a parse to a tree, a walk) reads nothing of the
 * guard but its own package and the shared {@code FixedList}; the program knowledge ({@code
 * guard.shell.programs}, entry {@code Programs}: interpreters' inline code, programs' options,
 * configuration and environment) reads words through its own {@code ProgramWord} and the tree's
 * helpers, nothing of the resolution; the resolution ({@code guard.shell}, entry {@code
 * ShellParser}) reads the tree, and the program knowledge through its entry alone, and no rule;
 * none of the shell reading reads the rules or the guard above it. A class names another of ours by
 * its full name in code (imports included, comments and strings left out), as the reference app's
 * ImportCycleTest reads them.
 */
class ShellLayersTest {

  private static final Path MAIN = Path.of("src/main/java/io/github/providergateway/guard");

  private static final Pattern OUR_CLASS =
      Pattern.compile("\\bio\\.github\\.providergateway((?:\\.[a-z_][a-z0-9_]*)+)\\.([A-Z]\\w*)");

  private static final String GUARD = "io.github.providergateway.guard";

  @Test
  void theSyntaxLayerReadsNothingButItselfAndTheSharedList() {
    assertThat(namedOutside("shell/syntax", Set.of(GUARD + ".shell.syntax")))
        .as("what guard.shell.syntax names outside itself")
        .isSubsetOf(Set.of(GUARD + ".shell.internal.FixedList"));
  }

  @Test
  void theResolutionReadsTheTreeButNoRuleAndNothingAboveIt() {
    assertThat(
            namedOutside(
                "shell",
                Set.of(GUARD + ".shell", GUARD + ".shell.syntax", GUARD + ".shell.programs")))
        .as("what guard.shell names outside the shell reading")
        .allMatch(name -> name.startsWith(GUARD + ".shell.internal."));
  }

  @Test
  void theResolutionReadsTheProgramKnowledgeThroughItsEntryAlone() {
    // The entry and the values it hands back (records and enums); the classes behind it are
    // package-private, so a name of them outside would not compile: this pins that none is opened.
    Set<String> named = new TreeSet<>(namedOutside("shell", Set.of(GUARD + ".shell")));
    named.removeIf(name -> !name.startsWith(GUARD + ".shell.programs."));
    assertThat(named)
        .as("what guard.shell names of guard.shell.programs")
        .contains(GUARD + ".shell.programs.Programs")
        .allMatch(name -> publicTypes("shell/programs").contains(simpleName(name)));
  }

  @Test
  void theProgramKnowledgeReadsNothingOfTheResolution() {
    // Its way in: its own ProgramWord, which the resolution's Word is, and Programs.Values, which
    // the resolution implements; below it, the syntax layer's decoding and the shared helpers. No
    // circle: the resolution reads it, it reads nothing of the resolution, not even Word.
    assertThat(
            namedOutside(
                "shell/programs", Set.of(GUARD + ".shell.programs", GUARD + ".shell.syntax")))
        .as("what guard.shell.programs names outside itself and the syntax layer")
        .allMatch(name -> name.startsWith(GUARD + ".shell.internal."));
  }

  @Test
  void theResolutionHasOneEntry() throws IOException {
    // Besides it, the values the rules read: Invocation, Word, Redirect, Opaque, ShellScript.
    assertThat(publicClasses("shell")).containsExactly("ShellParser");
  }

  @Test
  void theRulesReadTheResolutionNotTheProgramKnowledge() {
    Set<String> named = new TreeSet<>(namedOutside("internal", Set.of(GUARD + ".internal")));
    named.addAll(namedOutside("", Set.of(GUARD)));
    assertThat(named)
        .as("what the rules and the guard name of guard.shell.programs")
        .noneMatch(name -> name.startsWith(GUARD + ".shell.programs."));
  }

  @Test
  void theProgramKnowledgeHasOneEntry() throws IOException {
    assertThat(publicClasses("shell/programs")).containsExactly("Programs");
  }

  @Test
  void theSyntaxLayerHasOneEntry() throws IOException {
    // Its parser's classes are package-private: the tree's nodes, their parts' enums, the parse's
    // bounds and refusal are what it shows besides the entry.
    assertThat(publicClasses("shell/syntax"))
        .containsExactlyInAnyOrder("SyntaxParser", "ParseLimits", "ShellParseException");
  }

  @Test
  void theForwardersAreGone() {
    for (String gone : List.of("Syntax", "ScriptReader", "SyntaxParser", "ScriptParser")) {
      assertThat(MAIN.resolve("shell/" + gone + ".java")).doesNotExist();
    }
  }

  /**
   * The classes (not records, enums nor interfaces) declared public directly under {@code folder}.
   */
  private static Set<String> publicClasses(String folder) throws IOException {
    return declared(folder, "(?m)^public (final )?class ");
  }

  /** The types declared public directly under {@code folder}. */
  private static Set<String> publicTypes(String folder) {
    try {
      return declared(folder, "(?m)^public (final )?(class|record|enum|interface) ");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Set<String> declared(String folder, String declaration) throws IOException {
    Set<String> names = new TreeSet<>();
    for (Path file : javaFiles(MAIN.resolve(folder))) {
      if (Pattern.compile(declaration).matcher(code(Files.readString(file))).find()) {
        names.add(file.getFileName().toString().replace(".java", ""));
      }
    }
    return names;
  }

  private static String simpleName(String name) {
    return name.substring(name.lastIndexOf('.') + 1);
  }

  /**
   * The classes of ours named by the files directly under {@code folder}, but those in {@code own}.
   */
  private static Set<String> namedOutside(String folder, Set<String> own) {
    Set<String> named = new TreeSet<>();
    for (Path file : javaFiles(MAIN.resolve(folder))) {
      Matcher m;
      try {
        m = OUR_CLASS.matcher(code(Files.readString(file)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      while (m.find()) {
        String pkg = "io.github.providergateway" + m.group(1);
        if (!own.contains(pkg)) {
          named.add(pkg + "." + m.group(2));
        }
      }
    }
    return named;
  }

  private static List<Path> javaFiles(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code source} without its comments, string and character literals (text blocks too). */
  private static String code(String source) {
    StringBuilder code = new StringBuilder(source.length());
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? source.length() : end;
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        i = end < 0 ? source.length() : end + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        i = end < 0 ? source.length() : end + 3;
        code.append("\"\"");
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < source.length() && source.charAt(j) != c) {
          j += source.charAt(j) == '\\' ? 2 : 1;
        }
        i = j + 1;
        code.append(c).append(c);
      } else {
        code.append(c);
        i++;
      }
    }
    return code.toString();
  }
}
