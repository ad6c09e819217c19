package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where a bus client's message goes and what it says when its own words do not show it (decision
 * 152, the red team of decision 150): a host from the environment variable the client reads, set in
 * the same call ({@code NATS_URL=nats://… nats pub …}); a host option whose value comes from
 * outside the call ({@code kcat -b "$BROKERS"}), which is not taken as this machine's; and the
 * commands a client reads on its input ({@code echo 'SET k 0' | redis-cli -h …}).
 */
final class BusTargets {
  private BusTargets() {}

  /** The environment variables the bus clients read their server's address from. */
  private static final Set<String> ADDRESS_VARIABLES =
      NameSet.of(
          "NATS_URL",
          "NATS_SERVER",
          "TEMPORAL_ADDRESS",
          "TEMPORAL_CLI_ADDRESS",
          "KAFKA_BROKERS",
          "KAFKA_BOOTSTRAP_SERVERS",
          "BOOTSTRAP_SERVERS",
          "REDISCLI_HOST",
          "MQTT_HOST");

  /** The options of these clients whose value is the server's address. */
  private static final Set<String> HOST_OPTIONS =
      NameSet.of(
          "-h",
          "--host",
          "-s",
          "--server",
          "-u",
          "--url",
          "--uri",
          "-b",
          "--brokers",
          "--bootstrap-server",
          "--broker-list",
          "--address");

  /**
   * {@return the hosts of the address variables the call sets for what it runs}
   *
   * @param scan the call
   */
  static List<String> fromEnvironment(Scan scan) {
    List<String> hosts = new ArrayList<>();
    String source = scan.source();
    if (source == null || !mayAssign(source)) {
      return hosts;
    }
    for (String token : FrameworkEnvironments.assignmentsInEffect(source)) {
      int eq = token.indexOf('=');
      if (ADDRESS_VARIABLES.contains(token.substring(0, eq))) {
        for (String one : token.substring(eq + 1).replace("\"", "").replace("'", "").split(",")) {
          if (!one.isEmpty()) {
            hosts.add(Environments.host(one));
          }
        }
      }
    }
    return hosts;
  }

  private static boolean mayAssign(String source) {
    for (String name : ADDRESS_VARIABLES) {
      if (source.contains(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the client's server is given by a value from outside the call: a host option's value or
   * gRPC's address that is no literal word. The guard cannot know it is this machine's, and a
   * client of a bus is pointed at the company's by such a variable as often as not; the caller has
   * ruled out a value whose name says test, staging or local.
   *
   * @param step the client
   * @return whether it is
   */
  static boolean unseen(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (HOST_OPTIONS.contains(args.get(i).text()) && !args.get(i + 1).literal()) {
        return true;
      }
    }
    if (step.program().equals("grpcurl")) {
      Word address = null;
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text();
        if (text.startsWith("-")) {
          i += text.contains("=") || !GRPC_VALUED.contains(text) ? 0 : 1;
          continue;
        }
        if (address != null) {
          return !address.literal(); // the word before the method is the server's address
        }
        address = args.get(i);
      }
    }
    return false;
  }

  /** grpcurl's options that take a value as the next word. */
  private static final Set<String> GRPC_VALUED =
      NameSet.of(
          "-d",
          "-H",
          "-rpc-header",
          "-proto",
          "-protoset",
          "-import-path",
          "-cacert",
          "-cert",
          "-key",
          "-authority",
          "-max-time",
          "-connect-timeout");

  /**
   * {@return the first word of each line the call prints with echo or printf: the commands a client
   * reading its input is given ({@code echo 'SET k 0' | redis-cli}), the marker {@code "set"} for
   * input from a file the call did not print ({@code redis-cli < cmds.txt}), which is read as a
   * write}
   *
   * @param scan the call
   * @param client the client reading its input
   */
  static List<String> echoed(Scan scan, Step client) {
    List<String> firsts = new ArrayList<>();
    for (Redirect redirect : client.invocation().redirects()) {
      if (redirect.operator().equals("<") && redirect.body() == null) {
        firsts.add("set"); // commands from a file: not seen, not taken as reads
      }
    }
    for (Step other : scan.steps()) {
      if (other == client || !other.is(ProgramKind.ECHO) || other.program().equals("cat")) {
        continue;
      }
      for (String line : String.join(" ", other.invocation().args()).split("\\\\n|\n")) {
        String trimmed = line.strip();
        int space = trimmed.indexOf(' ');
        if (!trimmed.isEmpty() && !trimmed.startsWith("-")) {
          firsts.add(space < 0 ? trimmed : trimmed.substring(0, space));
        }
      }
    }
    return firsts;
  }
}
