package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules the compiler cannot check (STYLE: Tests): main code never reads the wall clock or sleeps
 * (time is injected), the engine never touches Tyrus or Jakarta WebSocket, and no module reaches
 * into another module's {@code internal} package. Scans every module's main sources.
 */
class ArchitectureTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static List<Path> mainSources(String module) {
    Path dir = ROOT.resolve(module).resolve("src/main/java");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> offending(List<Path> files, Pattern pattern) {
    List<String> hits = new ArrayList<>();
    for (Path file : files) {
      try {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i).strip();
          if (!line.startsWith("*") && !line.startsWith("//") && pattern.matcher(line).find()) {
            hits.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + line);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return hits;
  }

  private static List<Path> allMainSources() {
    List<Path> all = new ArrayList<>();
    for (String module : List.of("protocol-api", "gateway-runtime", "transport-local", "transport-ws", "reference-app")) {
      all.addAll(mainSources(module));
    }
    return all;
  }

  @Test
  void theScanSeesTheSources() {
    assertThat(mainSources("gateway-runtime")).hasSizeGreaterThan(20);
    assertThat(mainSources("protocol-api")).hasSizeGreaterThan(20);
  }

  @Test
  void libraryCodeNeverReadsTheWallClockOrSleeps() {
    List<Path> libraries = new ArrayList<>();
    for (String module : List.of("protocol-api", "gateway-runtime")) {
      libraries.addAll(mainSources(module));
    }
    assertThat(offending(libraries, Pattern.compile(
        "Instant\\.now\\(|System\\.currentTimeMillis\\(|Thread\\.sleep\\(|LocalDateTime\\.now\\(|Clock\\.systemUTC\\(|Clock\\.systemDefaultZone\\(")))
        .as("time is injected: only Gateway.Builder may pick the system clock")
        .allMatch(hit -> hit.contains("gateway/Gateway.java"));
  }

  @Test
  void theEngineAndTheProtocolNeverTouchWebSocketLibraries() {
    List<Path> files = new ArrayList<>(mainSources("gateway-runtime"));
    files.addAll(mainSources("protocol-api"));
    assertThat(offending(files, Pattern.compile("import (org\\.glassfish|jakarta\\.websocket|javax\\.websocket)")))
        .isEmpty();
  }

  @Test
  void noModuleImportsAnotherModulesInternalPackage() {
    for (String module : List.of("transport-local", "transport-ws", "reference-app", "benchmarks")) {
      assertThat(offending(mainSources(module), Pattern.compile("import io\\.github\\.providergateway\\.(gateway|protocol)\\.internal")))
          .as("%s uses only public packages", module)
          .isEmpty();
    }
  }

  @Test
  void theProtocolLibraryHasNoThreadsOrIo() {
    assertThat(offending(mainSources("protocol-api"), Pattern.compile(
        "new Thread\\(|Executor|java\\.nio\\.file\\.Files|java\\.net\\.|java\\.time\\.Clock")))
        .isEmpty();
    assertThat(allMainSources()).isNotEmpty();
  }
}
