package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 63: no circle of imports. A class that imports a class that imports it back (through any
 * number of others) cannot be read, tested or moved alone: {@code Main} and the commands that took
 * a {@code @ParentCommand Main} for their streams, a Javadoc link kept as an import, a constant
 * read back from the public parser by its own internals. Over every module's main sources, as
 * {@link ArchitectureTest} reads them: a class uses another when its code (imports included,
 * comments and strings left out) names it by its full name; classes of one package use each other
 * freely.
 *
 * <p>Packages are held to the same: a circle between packages fails unless {@link
 * #KNOWN_PACKAGE_CIRCLES} lists it, with why (none is listed since decision 80), and one listed
 * that is gone fails too, so that the list only shrinks.
 */
class ImportCycleTest {

  private static final String OURS = "io.github.providergateway.";

  /** Our class names in code: the package, then the top-level class (the first capital). */
  private static final Pattern OUR_CLASS =
      Pattern.compile("\\bio\\.github\\.providergateway((?:\\.[a-z_][a-z0-9_]*)+)\\.([A-Z]\\w*)");

  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

  /**
   * The circles between packages that are there today, by package (without {@value #OURS}): none
   * since decision 80 (an API package sits under its implementation, or holds it package-private).
   * A circle that must stay a while is listed here with why, and taken off when it is gone.
   */
  static final Set<Set<String>> KNOWN_PACKAGE_CIRCLES = Set.of();

  /** A module's main classes by full name, each with the classes of that module it names. */
  private static Map<String, Set<String>> classUses(String module) {
    Map<String, Path> classes = new TreeMap<>();
    for (Path file : ArchitectureTest.mainSources(module)) {
      Matcher declared = PACKAGE.matcher(ArchitectureTest.read(file));
      String name = file.getFileName().toString().replace(".java", "");
      if (declared.find() && !name.contains("-")) {
        classes.put(declared.group(1) + "." + name, file);
      }
    }
    Map<String, Set<String>> uses = new TreeMap<>();
    classes.forEach(
        (name, file) -> {
          Set<String> named = new TreeSet<>();
          for (String line : ArchitectureTest.codeLines(file)) {
            Matcher used = OUR_CLASS.matcher(line);
            while (used.find()) {
              String target = "io.github.providergateway" + used.group(1) + "." + used.group(2);
              if (classes.containsKey(target) && !target.equals(name)) {
                named.add(target);
              }
            }
          }
          uses.put(name, named);
        });
    return uses;
  }

  /** Every module's main classes and what each names, across modules. */
  private static Map<String, Set<String>> allClassUses() {
    Map<String, Set<String>> uses = new TreeMap<>();
    for (String module : ArchitectureTest.modules()) {
      uses.putAll(classUses(module));
    }
    return uses;
  }

  private static String packageOf(String className) {
    return className.substring(0, className.lastIndexOf('.'));
  }

  /** The packages each package's classes name by their full name, itself left out. */
  private static Map<String, Set<String>> packageUses(Map<String, Set<String>> classUses) {
    Map<String, Set<String>> uses = new TreeMap<>();
    classUses.forEach(
        (name, named) -> {
          String from = packageOf(name);
          Set<String> targets = uses.computeIfAbsent(from, p -> new TreeSet<>());
          for (String target : named) {
            if (!packageOf(target).equals(from)) {
              targets.add(packageOf(target));
            }
          }
        });
    return uses;
  }

  /**
   * The circles of {@code graph}: its strongly connected parts of more than one node (Tarjan's
   * algorithm), each sorted.
   */
  static List<Set<String>> circles(Map<String, Set<String>> graph) {
    return new Circles(graph).find();
  }

  /** Tarjan's strongly connected components, depth first over each node's uses. */
  private static final class Circles {
    private final Map<String, Set<String>> graph;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<Set<String>> found = new ArrayList<>();

    Circles(Map<String, Set<String>> graph) {
      this.graph = graph;
    }

    List<Set<String>> find() {
      for (String node : graph.keySet()) {
        if (!index.containsKey(node)) {
          visit(node);
        }
      }
      return found;
    }

    private void visit(String node) {
      index.put(node, index.size());
      low.put(node, index.get(node));
      stack.push(node);
      onStack.add(node);
      for (String next : graph.getOrDefault(node, Set.of())) {
        if (!index.containsKey(next)) {
          visit(next);
          low.put(node, Math.min(low.get(node), low.get(next)));
        } else if (onStack.contains(next)) {
          low.put(node, Math.min(low.get(node), index.get(next)));
        }
      }
      if (low.get(node).equals(index.get(node))) {
        Set<String> part = new TreeSet<>();
        String member;
        do {
          member = stack.pop();
          onStack.remove(member);
          part.add(member);
        } while (!member.equals(node));
        if (part.size() > 1) {
          found.add(part);
        }
      }
    }
  }

  /** The uses inside {@code circle}, one a line: what to cut. */
  private static String describe(Set<String> circle, Map<String, Set<String>> graph) {
    StringBuilder text = new StringBuilder();
    for (String from : circle) {
      for (String to : graph.getOrDefault(from, Set.of())) {
        if (circle.contains(to)) {
          text.append("\n    ")
              .append(from.replace(OURS, ""))
              .append(" -> ")
              .append(to.replace(OURS, ""));
        }
      }
    }
    return text.toString();
  }

  @Test
  void noMainClassImportsAClassThatImportsItBack() {
    Map<String, Set<String>> uses = allClassUses();
    assertThat(uses).as("the main classes scanned").hasSizeGreaterThan(500);
    assertThat(uses.get(OURS + "app.Main"))
        .as("the scan sees an import (Main of SetupCommand)")
        .contains(OURS + "app.agents.SetupCommand");
    List<String> offending = new ArrayList<>();
    for (Set<String> circle : circles(uses)) {
      offending.add(circle.size() + " classes in a circle:" + describe(circle, uses));
    }
    assertThat(offending).as("circles of imports between main classes (issue 63)").isEmpty();
  }

  @Test
  void noMainClassButMainNamesMain() {
    // Main reads every command; a command gets what it needs from its CommandContext (issue 63).
    Pattern main = Pattern.compile("(?<![.\\w])Main\\b|\\bapp\\.Main\\b");
    List<String> naming = new ArrayList<>();
    for (Path file : ArchitectureTest.mainSources("reference-app")) {
      if (file.getFileName().toString().equals("Main.java")) {
        continue;
      }
      List<String> lines = ArchitectureTest.codeLines(file);
      for (int i = 0; i < lines.size(); i++) {
        if (main.matcher(lines.get(i)).find()) {
          naming.add(ArchitectureTest.ROOT.relativize(file) + ":" + (i + 1) + ": " + lines.get(i));
        }
      }
    }
    assertThat(naming).as("main classes that name Main").isEmpty();
  }

  @Test
  void noPackageJoinsACircleThatIsNotKnown() {
    Map<String, Set<String>> uses = packageUses(allClassUses());
    Set<Set<String>> found = new java.util.HashSet<>();
    List<String> unknown = new ArrayList<>();
    for (Set<String> circle : circles(uses)) {
      Set<String> shortNames = new TreeSet<>();
      circle.forEach(pkg -> shortNames.add(pkg.replace(OURS, "")));
      found.add(shortNames);
      if (!KNOWN_PACKAGE_CIRCLES.contains(shortNames)) {
        unknown.add(shortNames + ":" + describe(circle, uses));
      }
    }
    assertThat(unknown)
        .as("circles between packages that KNOWN_PACKAGE_CIRCLES does not list")
        .isEmpty();
    assertThat(KNOWN_PACKAGE_CIRCLES)
        .as("known circles between packages that are gone: take them off the list")
        .allMatch(found::contains);
  }

  @Test
  void theCircleFinderFindsACircleOfAnyLengthAndNoChainOrSelfUse() {
    Map<String, Set<String>> graph =
        Map.of(
            "a", Set.of("b"),
            "b", Set.of("c"),
            "c", Set.of("a", "d"),
            "d", Set.of("e"),
            "e", Set.of(),
            "f", Set.of("f"));
    assertThat(circles(graph)).containsExactly(Set.of("a", "b", "c"));
  }
}
