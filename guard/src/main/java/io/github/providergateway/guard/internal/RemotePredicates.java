package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the {@code remote.*} rules of the book ask in code: what a program does with code from the
 * network, read in the command's order ({@link RemoteFlows}: a file downloaded and run later, an
 * archive fetched and unpacked, a shell fed by a download), and whether a program gives a shell to
 * a network connection or runs a URL. Which rule each names, and in which order they are tried, is
 * the book's.
 */
final class RemotePredicates {
  private RemotePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    Map.of(
            "runs-unpacked-download", RemoteFlows.Flow.RUNS_UNPACKED,
            "shell-through-network", RemoteFlows.Flow.SHELL_THROUGH_NETWORK,
            "decodes-into-shell", RemoteFlows.Flow.DECODES_INTO_SHELL,
            "downloads-then-runs", RemoteFlows.Flow.RUNS_DOWNLOAD,
            "network-into-shell", RemoteFlows.Flow.NETWORK_INTO_SHELL,
            "fetches-remote", RemoteFlows.Flow.FETCHES,
            "download-as-file", RemoteFlows.Flow.PROCESS_SUBSTITUTION,
            "download-evaluated", RemoteFlows.Flow.EVAL_DOWNLOAD,
            "download-into-shell", RemoteFlows.Flow.PIPED_INTO_SHELL)
        .forEach(
            (name, flow) ->
                named.put(
                    name,
                    PredicateGate.REMOTE_FLOW.around(
                        (scan, step, read) -> RemoteFlows.of(scan, step).contains(flow))));
    named.put("gives-shell-to-network", (scan, step, read) -> RemoteFlows.reverseShell(step));
    named.put("runs-url", (scan, step, read) -> RemoteFlows.runsFromNetwork(step));
    named.put(
        "runs-package-from-url", (scan, step, read) -> PackageRunners.runsPackageFromUrl(step));
  }
}
