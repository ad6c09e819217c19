package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a {@code providers.reload} did, by config entry name: each list in the config's order, an
 * entry named once per list even when it runs in several sessions.
 *
 * @param restarted entries that were running and were stopped and started again
 * @param started entries that were not running (added to the config) and were started
 * @param stopped entries that were running and are no longer in the config, stopped
 * @param problems the config's problems with single entries, which were left as they were (an entry
 *     that no longer reads is neither stopped nor restarted)
 */
public record ReloadReport(
    List<String> restarted, List<String> started, List<String> stopped, List<String> problems) {

  /**
   * Copies the lists.
   *
   * @param restarted entries stopped and started again
   * @param started entries started
   * @param stopped entries stopped
   * @param problems the config's problems with single entries
   */
  public ReloadReport {
    restarted = List.copyOf(requireNonNull(restarted, "restarted"));
    started = List.copyOf(requireNonNull(started, "started"));
    stopped = List.copyOf(requireNonNull(stopped, "stopped"));
    problems = List.copyOf(requireNonNull(problems, "problems"));
  }
}
