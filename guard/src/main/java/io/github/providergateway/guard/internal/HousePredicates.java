package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the book's rules of a home ask in code (session 16, round 73's home lab): its devices and
 * safety acted on through its hub ({@link HomeServiceCalls}), the protections a household set
 * lifted ({@link HouseholdGuards}), a dynamic DNS name repointed ({@link DynamicDnsUpdates}), and
 * money sent by a bank's CLI or a button ({@link MoneyActs}).
 */
final class HousePredicates {
  private HousePredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("home-tool-lets-in", scan -> toolActs(scan, HomeServiceCalls.Act.LETS_IN));
    named.put("home-tool-safety-off", scan -> toolActs(scan, HomeServiceCalls.Act.SAFETY_OFF));
    named.put("router-config-opened", HouseholdGuards::routerOpened);
    named.put("button-pays", MoneyActs::buttonPays);
  }

  /** Adds the predicates of a program under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    // Each asked of every program (for any program): the names or the texts they need first.
    named.put(
        "home-lets-in",
        ProgramNames.of(
            HomeServiceCalls.PROGRAMS,
            (scan, step, read) -> HomeServiceCalls.ofStep(step) == HomeServiceCalls.Act.LETS_IN));
    named.put(
        "home-safety-off",
        ProgramNames.of(
            HomeServiceCalls.PROGRAMS,
            (scan, step, read) ->
                HomeServiceCalls.ofStep(step) == HomeServiceCalls.Act.SAFETY_OFF));
    named.put(
        "household-guard-lifted",
        HouseholdGuards.NAMED.around((scan, step, read) -> HouseholdGuards.lifted(step) != null));
    named.put(
        "ddns-repointed",
        DynamicDnsUpdates.NAMED.around((scan, step, read) -> DynamicDnsUpdates.repointed(step)));
    named.put("bank-cli-sends", (scan, step, read) -> MoneyActs.bankSends(step));
  }

  private static String toolActs(Scan scan, HomeServiceCalls.Act act) {
    return HomeServiceCalls.ofTool(scan.call().tool(), scan.call().args()) == act
        ? scan.call().tool()
        : null;
  }
}
