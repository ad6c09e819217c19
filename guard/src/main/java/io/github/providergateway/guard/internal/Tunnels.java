package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * Whether a call opens a tunnel that makes a port of this machine another machine's: {@code ssh -L}
 * (also in a cluster, {@code -fNL}, or as {@code -o LocalForward}), a cluster's or a cloud's port
 * forward ({@code kubectl port-forward}, {@code cloud-sql-proxy}, an SSM port-forwarding session),
 * {@code socat TCP-LISTEN:…}. In such a call {@code localhost} is no proof of local test data:
 * {@code ssh -fNL 15432:db-main:5432 bastion && psql -h localhost -p 15432 …} drops the remote
 * database's tables.
 */
final class Tunnels {
  private Tunnels() {}

  /** Programs that listen here for a database elsewhere, whatever their options. */
  private static final Set<String> PROXIES =
      NameSet.of(
          "cloud-sql-proxy", "cloud_sql_proxy", "pgbouncer", "chisel", "sshuttle", "autossh");

  /**
   * {@return whether the call opens a tunnel to another machine}
   *
   * @param scan the call
   */
  static boolean opens(Scan scan) {
    for (Step step : scan.steps()) {
      if (opens(step)) {
        return true;
      }
    }
    return false;
  }

  private static boolean opens(Step step) {
    String program = step.program();
    if (PROXIES.contains(program)) {
      return true;
    }
    switch (program) {
      case "ssh" -> {
        for (Word word : step.args()) {
          String t = word.text();
          if (t.startsWith("-") && !t.startsWith("--") && t.indexOf('L') > 0
              || t.startsWith("LocalForward")
              || t.startsWith("-oLocalForward")) {
            return true;
          }
        }
        return false;
      }
      case "kubectl", "oc" -> {
        return step.invocation().args().contains("port-forward");
      }
      case "socat" -> {
        for (Word word : step.args()) {
          if (word.text().toUpperCase(java.util.Locale.ROOT).startsWith("TCP-LISTEN")
              || word.text().toUpperCase(java.util.Locale.ROOT).startsWith("TCP4-LISTEN")) {
            return true;
          }
        }
        return false;
      }
      case "aws" -> {
        for (Word word : step.args()) {
          if (word.text().contains("PortForwarding")) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }
}
