package io.github.providergateway.app.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.audit.HostId;
import io.github.providergateway.app.audit.SessionAgents;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where the audit trail goes beyond the machine (docs/audit.md, "Sending the trail off the
 * machine"): OpenTelemetry logs over OTLP when the system settings' {@code audit.otlp} or the
 * gateway's {@code OTEL_*} environment ask for them ({@link OtlpLogsSettings}), syslog when the
 * system settings' {@code audit.syslog} names a receiver ({@link SyslogSettings}). Each is a
 * listener of the gateway that only offers decisions to its own bounded queue.
 *
 * <p>With neither configured there is nothing: no thread, no queue, and no class of the
 * OpenTelemetry SDK is loaded ({@code AuditExportIdleTest} proves it in a JVM of its own).
 */
public final class AuditExports implements GatewayListener, AutoCloseable {

  private final List<AuditExport> exports;
  private final List<String> problems;

  /** The policy in force, as each record names it. */
  private final Supplier<String> policy;

  /** Which agent opened each session, as the trail's records name it. */
  private final SessionAgents agents = new SessionAgents();

  private AuditExports(List<AuditExport> exports, List<String> problems, Supplier<String> policy) {
    this.exports = List.copyOf(exports);
    this.problems = List.copyOf(problems);
    this.policy = policy;
  }

  /**
   * Starts the exports {@code system} and {@code env} configure. A setting that cannot be used
   * starts nothing of its part and is said in {@link #problems}: the gateway runs, and says so on
   * its status page and in its log, rather than refusing to guard the developer's agents.
   *
   * <p>The home's configuration {@code config} (its {@code "audit"} object, read now) serves a
   * developer with no organisation's settings: the organisation's section, where there is one, wins
   * over the home's, and either over the {@code OTEL_*} environment.
   *
   * @param config the home's configuration file, or null when it has none
   * @param version the gateway's version, sent with each record
   * @param scheduler the app's timers: the syslog sender's reconnect backoff
   * @param policy the organisation's policy in force, as each record names it
   */
  public static AuditExports start(
      SystemSettings system,
      Path config,
      Map<String, String> env,
      String version,
      Scheduler scheduler,
      Supplier<String> policy) {
    List<String> problems = new ArrayList<>();
    JsonNode home = HomeAuditSection.read(config, problems);
    // Read only when an export is configured: reading the machine's id starts the file-read
    // watchdog's thread, and an idle gateway starts none for the export.
    Supplier<String> hostId =
        new Supplier<>() {
          private String read;

          @Override
          public String get() {
            if (read == null) {
              read = HostId.of(system);
            }
            return read;
          }
        };
    List<AuditExport> exports = new ArrayList<>();
    try {
      boolean organisation = present(system.audit().path("otlp"));
      OtlpLogsSettings otlp =
          OtlpLogsSettings.from(
              organisation ? system.audit().path("otlp") : home.path("otlp"),
              organisation ? "system settings" : "the home's configuration",
              env);
      if (otlp != null) {
        exports.add(OtlpExportFactory.start(otlp, hostId.get(), version));
      }
    } catch (ExportSettingsException e) {
      problems.add("audit not sent over OTLP: " + e.getMessage());
    }
    try {
      SyslogSettings syslog =
          SyslogSettings.from(
              present(system.audit().path("syslog"))
                  ? system.audit().path("syslog")
                  : home.path("syslog"));
      if (syslog != null) {
        exports.add(
            new SyslogSender(
                syslog,
                new SyslogMessage(syslog, hostId.get(), version, ProcessHandle.current().pid()),
                scheduler));
      }
    } catch (ExportSettingsException e) {
      problems.add("audit not sent to syslog: " + e.getMessage());
    }
    return new AuditExports(exports, problems, policy);
  }

  private static boolean present(JsonNode section) {
    return !section.isMissingNode() && !section.isNull();
  }

  /** {@return whether any export runs: the app adds this listener only then} */
  public boolean any() {
    return !exports.isEmpty();
  }

  /** {@return what was wrong with the settings, a sentence each} */
  public List<String> problems() {
    return problems;
  }

  /**
   * {@return a line for each export, {@code audit to otlp http://…/v1/logs: 120 sent, 3 dropped},
   * then the problems: what the status page and {@code gateway status} show}
   */
  public List<String> summary() {
    List<String> lines = new ArrayList<>();
    for (AuditExport export : exports) {
      lines.add(
          "audit to "
              + export.destination()
              + ": "
              + export.counts().sent()
              + " sent, "
              + export.counts().dropped()
              + " dropped");
    }
    lines.addAll(problems);
    return lines;
  }

  @Override
  public void sessionStarted(SessionInfo session) {
    agents.started(session);
  }

  @Override
  public void decided(Decision decision) {
    AuditLabels labels = new AuditLabels(agents.of(decision), policy.get());
    for (AuditExport export : exports) {
      export.recorded(decision, labels);
    }
  }

  /** Sends what each export has queued, within its bound, and stops them. */
  @Override
  public void close() {
    for (AuditExport export : exports) {
      export.close();
    }
  }
}
