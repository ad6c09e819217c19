package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When {@code ./gateway} builds before it starts: the launcher's own {@code stale} function, run in
 * {@code bash} over a clone made of empty files with set times. A source, resource or pom newer
 * than the jar asks for a build; a newer script of {@code src/main/sh}, which the clone runs as it
 * is and the jar does not hold, does not (it did, at every start: the build leaves an unchanged jar
 * as it was, older than the script). Running the launcher itself here would rebuild the jar the
 * tests run from.
 */
@Tag("process")
class LauncherStaleTest {

  private static final Pattern STALE = Pattern.compile("(?ms)^stale\\(\\) \\{\\n.*?^\\}$");
  private static final Instant BUILT = Instant.parse("2026-11-27T00:00:00Z");

  @TempDir Path clone;

  @BeforeEach
  void aBuiltClone() throws Exception {
    for (String file :
        new String[] {
          "pom.xml",
          "reference-app/pom.xml",
          "reference-app/src/main/java/Main.java",
          "reference-app/src/main/resources/jvm.options",
          "reference-app/src/main/sh/gateway-mcp-bridge.sh",
          "reference-app/target/provider-gateway.jar"
        }) {
      touch(file, BUILT.minusSeconds(60));
    }
    touch("reference-app/target/provider-gateway.jar", BUILT);
    // Folders are looked at too (a file added or removed changes its folder's time): as built.
    try (var paths = Files.walk(clone)) {
      for (Path folder : paths.filter(Files::isDirectory).toList()) {
        Files.setLastModifiedTime(folder, FileTime.from(BUILT.minusSeconds(60)));
      }
    }
  }

  @Test
  void aBuiltCloneIsNotStale() throws Exception {
    assertThat(stale()).isFalse();
  }

  @Test
  void aNewerSourceResourceOrPomAsksForABuild() throws Exception {
    for (String input :
        new String[] {
          "reference-app/src/main/java/Main.java",
          "reference-app/src/main/resources/jvm.options",
          "reference-app/pom.xml",
          "pom.xml"
        }) {
      touch(input, BUILT.plusSeconds(1));
      assertThat(stale()).as(input).isTrue();
      touch(input, BUILT.minusSeconds(60));
    }
  }

  @Test
  void aNewerScriptOfSrcMainShAsksForNone() throws Exception {
    touch("reference-app/src/main/sh/gateway-mcp-bridge.sh", BUILT.plusSeconds(1));
    assertThat(stale()).isFalse();
  }

  @Test
  void noJarAsksForABuild() throws Exception {
    Files.delete(clone.resolve("reference-app/target/provider-gateway.jar"));
    assertThat(stale()).isTrue();
  }

  /**
   * The launcher looks at every module the reference app's jar is built from: the app and every
   * module of this build it depends on at compile or run time, through their poms. The guard,
   * {@code http-routes} and {@code websocket-core} were missing, so a changed guard rule did not
   * rebuild the jar {@code ./gateway} ran.
   */
  @Test
  void theLauncherLooksAtEveryModuleTheJarIsBuiltFrom() throws Exception {
    String launcher = Files.readString(Path.of("..", "gateway"), StandardCharsets.UTF_8);
    Matcher modules = Pattern.compile("(?m)^modules=\\((.*)\\)$").matcher(launcher);
    assertThat(modules.find()).as("the launcher's module list").isTrue();
    Set<String> built = new TreeSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of("reference-app"));
    while (!todo.isEmpty()) {
      String module = todo.pop();
      if (built.add(module)) {
        todo.addAll(buildDependencies(module));
      }
    }
    assertThat(Set.of(modules.group(1).trim().split("\\s+"))).containsAll(built);
  }

  /** The modules of this build {@code module}'s pom depends on, but for tests. */
  private static List<String> buildDependencies(String module) throws Exception {
    String pom = Files.readString(Path.of("..", module, "pom.xml"), StandardCharsets.UTF_8);
    pom = pom.replaceAll("(?s)<dependencyManagement>.*?</dependencyManagement>", "");
    List<String> found = new ArrayList<>();
    Matcher dependency = Pattern.compile("(?s)<dependency>(.*?)</dependency>").matcher(pom);
    while (dependency.find()) {
      String text = dependency.group(1);
      Matcher artifact = Pattern.compile("<artifactId>(.*?)</artifactId>").matcher(text);
      if (artifact.find()
          && !text.contains("<scope>test</scope>")
          && !text.contains("<scope>provided</scope>")
          && Files.isRegularFile(Path.of("..", artifact.group(1), "pom.xml"))) {
        found.add(artifact.group(1));
      }
    }
    return found;
  }

  private void touch(String file, Instant time) throws Exception {
    Path path = clone.resolve(file);
    Files.createDirectories(path.getParent());
    if (!Files.exists(path)) {
      Files.createFile(path);
    }
    Files.setLastModifiedTime(path, FileTime.from(time));
  }

  /** Whether the launcher's {@code stale} says the clone's jar needs a build. */
  private boolean stale() throws Exception {
    String launcher = Files.readString(Path.of("..", "gateway"), StandardCharsets.UTF_8);
    Matcher function = STALE.matcher(launcher);
    assertThat(function.find()).as("the launcher's stale function").isTrue();
    Matcher modules = Pattern.compile("(?m)^modules=\\(.*\\)$").matcher(launcher);
    assertThat(modules.find()).as("the launcher's module list").isTrue();
    Process bash =
        new ProcessBuilder(
                "bash",
                "-c",
                "root=\"$1\"\njar=\"$root/reference-app/target/provider-gateway.jar\"\n"
                    + modules.group()
                    + "\n"
                    + function.group()
                    + "\nif stale; then echo stale; else echo fresh; fi",
                "bash",
                clone.toString())
            .redirectErrorStream(true)
            .start();
    String said = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(bash.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(said).isIn("stale", "fresh");
    return said.equals("stale");
  }
}
