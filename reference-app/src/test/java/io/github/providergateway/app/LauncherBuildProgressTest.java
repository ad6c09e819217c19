package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What {@code ./gateway} shows while it builds (issue 17: 11 s, on a fresh machine 22 s, of
 * silence): its filter of Maven's output, the launcher's own {@code build_progress} function run in
 * {@code bash} on the output of a real first build (colour resets, downloads, a warning, a failing
 * module), and line by line as Maven writes. Running the launcher's build itself here would rebuild
 * the jar the tests run from.
 */
@Tag("process")
class LauncherBuildProgressTest {

  private static final Pattern FILTER =
      Pattern.compile("(?ms)^build_progress\\(\\) \\{\\n.*?^\\}$");

  private static final String MAVEN_OUTPUT =
      String.join(
          "\n",
          "[INFO] Scanning for projects...",
          "[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/apache/maven/plugins/maven-shade-plugin/3.6.2/maven-shade-plugin-3.6.2.pom",
          "[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/apache/maven/plugins/maven-shade-plugin/3.6.2/maven-shade-plugin-3.6.2.pom (11 kB at 54 kB/s)",
          "[INFO] ------------------------------------------------------------------------",
          "[INFO] Reactor Build Order:",
          "[INFO] ",
          "[INFO] Provider Gateway for Java                                           [pom]",
          "[INFO] protocol-api                                                       [jar]",
          "[INFO] ",
          "[INFO] ---------< io.github.providergateway:provider-gateway-parent >----------",
          "[INFO] Building Provider Gateway for Java 0.1.0-SNAPSHOT                  [1/3]",
          "[INFO] --------------------------------[ pom ]---------------------------------",
          "[INFO] ---------------< io.github.providergateway:protocol-api >---------------",
          "[INFO] Building protocol-api 0.1.0-SNAPSHOT                               [2/3]",
          "[INFO] --------------------------------[ jar ]---------------------------------",
          "[INFO] Downloading from central: https://repo.maven.apache.org/maven2/com/fasterxml/jackson/core/jackson-databind/2.22.4/jackson-databind-2.22.4.jar",
          "[WARNING] a warning nobody needs to read before a gateway starts",
          "[INFO] Building jar: /work/protocol-api/target/protocol-api-0.1.0-SNAPSHOT.jar",
          "\u001b[1m[INFO] --------------< io.github.providergateway:reference-app >---------------\u001b[m",
          "[INFO] Building reference-app 0.1.0-SNAPSHOT                              [3/3]",
          "[ERROR] /work/reference-app/src/main/java/io/github/providergateway/app/Main.java:[12,8] cannot find symbol",
          "[INFO] BUILD FAILURE\u001b[0m",
          "");

  /** {@code bash} running the launcher's {@code build_progress} on its input. */
  private static Process buildProgress() throws Exception {
    Matcher filter = FILTER.matcher(Files.readString(Path.of("..", "gateway")));
    assertThat(filter.find()).as("the launcher's build_progress function").isTrue();
    return new ProcessBuilder("bash", "-c", filter.group() + "\nbuild_progress")
        .redirectErrorStream(true)
        .start();
  }

  @Test
  void eachModuleIsOneLineAsItStartsDownloadsOneLineAndErrorsPassWithoutColour() throws Exception {
    Process filter = buildProgress();
    filter.getOutputStream().write(MAVEN_OUTPUT.getBytes(StandardCharsets.UTF_8));
    filter.getOutputStream().close();
    String shown = new String(filter.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(filter.waitFor(10, TimeUnit.SECONDS)).isTrue();

    assertThat(shown.lines().toList())
        .isEqualTo(
            List.of(
                "gateway: downloading dependencies and plugins (first build only) ...",
                "gateway: building provider-gateway-parent (1/3)",
                "gateway: building protocol-api (2/3)",
                "gateway: building reference-app (3/3)",
                "[ERROR] /work/reference-app/src/main/java/io/github/providergateway/app/Main.java:[12,8] cannot find symbol"));
  }

  /**
   * A module's line shows while Maven is still building it, not when the build ends (mawk held it
   * back).
   */
  @Test
  void aModuleIsShownAsSoonAsMavenStartsIt() throws Exception {
    Process filter = buildProgress();
    try {
      OutputStream maven = filter.getOutputStream();
      maven.write(
          ("[INFO] ---------------< io.github.providergateway:protocol-api >---------------\n"
                  + "[INFO] Building protocol-api 0.1.0-SNAPSHOT                               [2/9]\n")
              .getBytes(StandardCharsets.UTF_8));
      maven.flush();
      BufferedReader shown =
          new BufferedReader(
              new InputStreamReader(filter.getInputStream(), StandardCharsets.UTF_8));

      String first = CompletableFuture.supplyAsync(() -> readLine(shown)).get(10, TimeUnit.SECONDS);

      assertThat(first).isEqualTo("gateway: building protocol-api (2/9)");
    } finally {
      filter.destroyForcibly();
    }
  }

  private static String readLine(BufferedReader reader) {
    try {
      return reader.readLine();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
