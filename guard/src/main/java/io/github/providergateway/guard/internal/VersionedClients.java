package io.github.providergateway.guard.internal;

import java.util.HashSet;
import java.util.Set;

/**
 * A database's or a bus's client installed under a versioned name ({@code psql-16}, {@code mysql8},
 * {@code redis-cli7}) is the client itself (decision 152, the red team of decisions 149 and 150):
 * every rule reads it by the client's name. Only the clients those decisions name are read so;
 * another program's digits ({@code gcc-12}, {@code python3}) are left as they are.
 */
final class VersionedClients {
  private VersionedClients() {}

  /** The clients whose versioned names are read as theirs. */
  private static final Set<String> CLIENTS = clients();

  private static Set<String> clients() {
    Set<String> names = new HashSet<>(DatabaseTargets.TOOLS);
    names.addAll(
        Set.of(
            "kcat",
            "kafkacat",
            "nats",
            "mosquitto_pub",
            "grpcurl",
            "temporal",
            "tctl",
            "rabbitmqadmin",
            "amqp-publish"));
    return Set.copyOf(names);
  }

  /**
   * {@return the client's name without a version after it ({@code psql} for {@code psql-16} and
   * {@code psql16.2}), or the name as given when it is no versioned client's}
   *
   * @param program a program's name, without its folder
   */
  static String plain(String program) {
    int end = program.length();
    if (end < 3 || !Character.isDigit(program.charAt(end - 1))) {
      return program; // most names: one look at the last character
    }
    int cut = end;
    while (cut > 0
        && (Character.isDigit(program.charAt(cut - 1)) || program.charAt(cut - 1) == '.')) {
      cut--;
    }
    if (cut > 0 && (program.charAt(cut - 1) == '-' || program.charAt(cut - 1) == '_')) {
      cut--;
    }
    String stem = program.substring(0, cut);
    return CLIENTS.contains(stem) ? stem : program;
  }
}
