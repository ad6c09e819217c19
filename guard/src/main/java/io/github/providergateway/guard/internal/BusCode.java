package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message sent on a shared bus from an interpreter's inline code (decision 152, the red team of
 * decision 150): the bus's client library ({@code redis}, {@code kafka}, {@code nats}, {@code
 * pika}, {@code paho.mqtt}, {@code temporalio}…) called with a writing or sending method ({@code
 * .set(}, {@code .send(}, {@code .publish(}, {@code .start_workflow(}) on a server that is not this
 * machine's: a host named in the code, production named, or an address read from the environment.
 */
final class BusCode {
  private BusCode() {}

  /** What names a bus's client library in code. */
  private static final List<String> LIBRARIES =
      List.of(
          "redis",
          "Redis(",
          "kafka",
          "Kafka",
          "Producer(",
          "nats",
          "pika",
          "amqp",
          "paho",
          "mqtt",
          "temporalio",
          "Client.connect(");

  /** The methods that send, start or write, beside Redis's writing commands. */
  private static final Set<String> SENDS =
      NameSet.of(
          "send",
          "send_and_wait",
          "produce",
          "publish",
          "basic_publish",
          "start_workflow",
          "execute_workflow",
          "signal_workflow",
          "request");

  private static final Pattern CALL = Pattern.compile("\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

  /** A quoted value that may be a server: {@code 'kafka-1.acme.net:9092'}, {@code 'redis://…'}. */
  private static final Pattern QUOTED = Pattern.compile("['\"]([A-Za-z0-9][^'\"\\s]{2,200})['\"]");

  /**
   * Whether the inline code sends on a shared bus.
   *
   * @param step the interpreter
   * @return whether it does
   */
  static boolean sends(Step step) {
    String code = SharedCodeActs.codeOf(step);
    if (code == null) {
      return false;
    }
    if (LIBRARIES.stream().noneMatch(code::contains) || !sendingCall(code)) {
      return false;
    }
    boolean production = Environments.namesProduction(code);
    if (!production
        && (code.contains("localhost")
            || code.contains("127.0.0.1")
            || TestEndpoints.names(code)
            || Environments.testName(code))) {
      return false;
    }
    return production || fromEnvironment(code) || remoteServer(code);
  }

  private static boolean sendingCall(String code) {
    Matcher m = CALL.matcher(code);
    while (m.find()) {
      String name = m.group(1).toLowerCase(Locale.ROOT);
      if (SENDS.contains(name) || BusSends.redisWrite(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean fromEnvironment(String code) {
    return code.contains("environ") || code.contains("getenv") || code.contains("process.env");
  }

  private static boolean remoteServer(String code) {
    Matcher m = QUOTED.matcher(code);
    while (m.find()) {
      for (String one : m.group(1).split(",")) {
        String host = Environments.host(one);
        if (SharedActs.hostLike(host) && SharedActs.otherMachine(host)) {
          return true;
        }
      }
    }
    return false;
  }
}
