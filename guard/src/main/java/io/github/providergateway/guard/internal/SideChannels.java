package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The variables and options that point something beside a tool's act (decision 325): its telemetry
 * ({@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code --metrics-addr}), a proxy it goes through ({@code
 * HTTPS_PROXY}), where it calls back or reports ({@code --callback}, {@code --report-url}), whom it
 * tells ({@code --notify}). A local or staging host given to one of them says where that goes, not
 * where the act lands: {@code OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4317 feederctl breaker
 * trip} trips the breaker.
 */
final class SideChannels {
  private SideChannels() {}

  /** The parts of a name that point a side channel. */
  private static final Set<String> PARTS =
      NameSet.of(
          "otel",
          "otlp",
          "telemetry",
          "metrics",
          "metric",
          "statsd",
          "dogstatsd",
          "prometheus",
          "pushgateway",
          "tracing",
          "jaeger",
          "zipkin",
          "sentry",
          "syslog",
          "log",
          "logs",
          "logging",
          "collector",
          "exporter",
          "proxy",
          "callback",
          "webhook",
          "hook",
          "notify",
          "notification",
          "notifications",
          "report",
          "reports",
          "status",
          "health",
          "debug",
          "pprof");

  /**
   * Whether every word of {@code args} that holds {@code host} is a side channel's value ({@code
   * --metrics-addr 127.0.0.1:9100}, {@code --callback=http://localhost:8080/hook}), and some does.
   */
  static boolean onlyIn(String host, List<Word> args) {
    boolean found = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.contains(host)) {
        continue;
      }
      String option = text.startsWith("-") ? text : i > 0 ? args.get(i - 1).text() : "";
      if (!option.startsWith("-") || !named(option)) {
        return false;
      }
      found = true;
    }
    return found;
  }

  /**
   * Whether the word at {@code at} is a side channel's option or its value ({@code --callback
   * http://localhost:8080/hook}).
   */
  static boolean valueOf(List<Word> args, int at) {
    String text = args.get(at).text();
    if (text.startsWith("-")) {
      return named(text);
    }
    return at > 0 && args.get(at - 1).text().startsWith("-") && named(args.get(at - 1).text());
  }

  /**
   * Whether a variable's or an option's name ({@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code
   * --metrics-addr}, {@code --callback}) points a side channel.
   */
  static boolean named(String name) {
    String bare = name.replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    int eq = bare.indexOf('=');
    if (eq >= 0) {
      bare = bare.substring(0, eq);
    }
    if (bare.isEmpty() || bare.length() > 64) {
      return false;
    }
    for (String part : bare.split("[_\\-.]")) {
      if (PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }
}
