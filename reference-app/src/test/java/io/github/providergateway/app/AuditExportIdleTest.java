package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.export.AuditExports;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With no export configured the audit's export costs nothing: in a JVM of its own (so no other test
 * has loaded anything), {@link AuditExports#start} with no system settings and no {@code OTEL_*}
 * variable, then decisions through it, load no class of the OpenTelemetry SDK nor the OTLP exporter
 * and start no thread; the same JVM with an endpoint does load them, so the check can see them.
 */
@Tag("process")
class AuditExportIdleTest {

  @TempDir Path dir;

  /** Runs in the child JVM: args[0] a system settings folder, args[1] an OTLP endpoint or "-". */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) {
      Map<String, String> env =
          args[1].equals("-") ? Map.of() : Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", args[1]);
      int threads = Thread.activeCount();
      AuditExports exports =
          AuditExports.start(
              SystemSettings.read(Path.of(args[0])),
              null,
              env,
              "test",
              new ManualClock(),
              () -> "none");
      for (int i = 0; i < 10; i++) {
        exports.decided(
            Decision.builder(Instant.EPOCH, DecisionKind.TOOL_CALL, Decision.Outcome.SUCCESS)
                .build());
      }
      System.out.println("exports=" + exports.any());
      System.out.println("new-threads=" + (Thread.activeCount() - threads));
      exports.close();
    }
  }

  private List<String> run(String endpoint) throws Exception {
    Path log = dir.resolve("classes-" + (endpoint.equals("-") ? "idle" : "on") + ".txt");
    List<String> command =
        new ArrayList<>(TestJvm.command(Child.class, List.of(dir.toString(), endpoint)));
    command.add(1, "-Xlog:class+load=info:file=" + log);
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child JVM ends").isTrue();
    assertThat(child.exitValue()).as(out).isZero();
    List<String> lines = new ArrayList<>(Files.readAllLines(log));
    lines.addAll(out.lines().toList());
    return lines;
  }

  private static List<String> sdkClasses(List<String> lines) {
    return lines.stream()
        .filter(
            line ->
                line.contains(" io.opentelemetry.sdk.")
                    || line.contains(" io.opentelemetry.exporter.")
                    || line.contains(" io.github.providergateway.app.export.OtlpAuditLogs")
                    || line.contains(" io.github.providergateway.app.export.OtlpExportFactory"))
        .toList();
  }

  @Test
  void withNothingConfiguredNoSdkClassIsLoadedAndNoThreadStarts() throws Exception {
    List<String> lines = run("-");
    assertThat(lines).contains("exports=false", "new-threads=0");
    assertThat(sdkClasses(lines)).isEmpty();
  }

  @Test
  void withAnEndpointTheSdkIsLoadedSoTheCheckAboveCanSeeIt() throws Exception {
    List<String> lines = run("http://127.0.0.1:9");
    assertThat(lines).contains("exports=true");
    assertThat(sdkClasses(lines))
        .anyMatch(
            line -> line.contains("io.opentelemetry.sdk.logs.export.BatchLogRecordProcessor"));
  }
}
