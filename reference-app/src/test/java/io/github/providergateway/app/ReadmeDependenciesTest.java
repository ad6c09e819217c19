package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's "What each artifact brings" (issue 49: it left out the schema validator, its YAML
 * support and SLF4J) says what Maven resolves: for each library module, the jars of its run-time
 * class path, its own included, as the build lists them in {@code target/runtime-dependencies.txt}
 * (the parent pom's {@code dependency:list} execution), and their size. The project's own jars are
 * sized from their modules' {@code target/}; a build that has not packaged them (one that stops at
 * {@code test}) checks the count and that the third-party jars alone fit in the stated size.
 */
class ReadmeDependenciesTest {

  private static final String GROUP = "io.github.providergateway";
  private static final double TOLERANCE_MB = 0.15;
  private static final Pattern ROW =
      Pattern.compile("(?m)^\\| `([a-z-]+)` \\| (\\d+) \\| (\\d+\\.\\d) \\|");
  private static final Pattern RESOLVED =
      Pattern.compile(
          "(?m)^\\s+([^:\\s]+):([^:]+):[^:]+:(?:[^:]+:)?([^:]+):(?:compile|runtime):(\\S+)");

  @Test
  void eachLibrarysRowSaysWhatMavenResolvesForIt() throws IOException {
    Path root = Interop.repoRoot();
    String readme = Files.readString(root.resolve("README.md"));
    String section = readme.substring(readme.indexOf("### What each artifact brings"));
    Map<String, Row> stated = new TreeMap<>();
    Matcher row = ROW.matcher(section.substring(0, section.indexOf("\n## ")));
    while (row.find()) {
      stated.put(
          row.group(1), new Row(Integer.parseInt(row.group(2)), Double.parseDouble(row.group(3))));
    }

    assertThat(stated.keySet()).isEqualTo(libraries(root));
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, Row> entry : stated.entrySet()) {
      Resolved resolved = resolve(root, entry.getKey());
      Row says = entry.getValue();
      boolean jarsRight = resolved.jars == says.jars;
      boolean sizeRight =
          resolved.ownUnpackaged
              ? resolved.bytes / 1e6 <= says.megabytes + TOLERANCE_MB
              : Math.abs(resolved.bytes / 1e6 - says.megabytes) <= TOLERANCE_MB;
      if (!jarsRight || !sizeRight) {
        wrong.add(
            String.format(
                "%s: the README says %d jars, %.1f MB; Maven resolves %d jars, %.2f MB%s",
                entry.getKey(),
                says.jars,
                says.megabytes,
                resolved.jars,
                resolved.bytes / 1e6,
                resolved.ownUnpackaged ? " (without the project's own, not packaged)" : ""));
      }
    }
    assertThat(wrong).as("rows that differ from the resolved dependencies").isEmpty();
  }

  /** The module's jar and what the build listed for it. */
  private static Resolved resolve(Path root, String module) throws IOException {
    Path list = root.resolve(module).resolve("target/runtime-dependencies.txt");
    assertThat(list)
        .as("the build writes it at generate-resources; build %s first (-am)", module)
        .isRegularFile();
    Resolved resolved = new Resolved();
    resolved.addOwn(root, module, versionOf(root));
    Matcher dependency = RESOLVED.matcher(Files.readString(list));
    while (dependency.find()) {
      if (dependency.group(1).equals(GROUP)) {
        resolved.addOwn(root, dependency.group(2), dependency.group(3));
      } else {
        resolved.jars++;
        resolved.bytes += Files.size(Path.of(dependency.group(4)));
      }
    }
    return resolved;
  }

  private static String versionOf(Path root) throws IOException {
    Matcher version =
        Pattern.compile("<artifactId>provider-gateway-parent</artifactId>\\s*<version>([^<]+)<")
            .matcher(Files.readString(root.resolve("pom.xml")));
    assertThat(version.find()).as("the parent's version").isTrue();
    return version.group(1);
  }

  /** The artifacts the BOM manages but the app (whose row would be the whole project). */
  private static Set<String> libraries(Path root) throws IOException {
    Set<String> artifacts = new TreeSet<>();
    Matcher managed =
        Pattern.compile("<groupId>" + GROUP + "</groupId>\\s*<artifactId>([a-z-]+)</artifactId>")
            .matcher(Files.readString(root.resolve("provider-gateway-bom/pom.xml")));
    while (managed.find()) {
      artifacts.add(managed.group(1));
    }
    artifacts.removeAll(Set.of("provider-gateway-bom", "reference-app"));
    assertThat(artifacts).contains("provider-client", "gateway-runtime");
    return artifacts;
  }

  private record Row(int jars, double megabytes) {}

  private static final class Resolved {
    int jars;
    long bytes;
    boolean ownUnpackaged;

    void addOwn(Path root, String artifact, String version) throws IOException {
      jars++;
      Path jar =
          root.resolve(artifact).resolve("target").resolve(artifact + "-" + version + ".jar");
      if (Files.isRegularFile(jar)) {
        bytes += Files.size(jar);
      } else {
        ownUnpackaged = true;
      }
    }
  }
}
