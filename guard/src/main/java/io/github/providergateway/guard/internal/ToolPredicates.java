package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the {@code tools.*} rules of the book ask of a tool call in code: what the tool declares
 * ({@code destructiveHint}, {@code readOnlyHint}, {@code openWorldHint}) and who offers it. Trust
 * ranks {@code internal} above {@code user} above {@code project} above {@code external}; an
 * unknown or missing trust ranks lowest. A destructive tool below {@code user} is {@code
 * destructive-below-user}'s (strict asks); below {@code internal} and not below {@code user},
 * {@code destructive-below-internal}'s (paranoid asks); an open-world one below {@code user},
 * {@code open-world-below-user}'s. A tool that declares itself read-only holds none of them,
 * whatever else it declares.
 */
final class ToolPredicates {
  private ToolPredicates() {}

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "destructive-below-user",
        scan -> destructive(scan.call().hints()) && below(scan, "user") ? shown(scan) : null);
    named.put(
        "destructive-below-internal",
        scan ->
            destructive(scan.call().hints()) && !below(scan, "user") && below(scan, "internal")
                ? shown(scan)
                : null);
    named.put(
        "open-world-below-user",
        scan ->
            declared(scan.call().hints())
                    && Boolean.TRUE.equals(scan.call().hints().openWorld())
                    && below(scan, "user")
                ? shown(scan)
                : null);
  }

  /** Whether a tool declares what it does, and not that it only reads. */
  private static boolean declared(CallForRules.Hints hints) {
    return hints != null && !Boolean.TRUE.equals(hints.readOnly());
  }

  private static boolean destructive(CallForRules.Hints hints) {
    return declared(hints) && Boolean.TRUE.equals(hints.destructive());
  }

  private static boolean below(Scan scan, String trust) {
    return rank(scan.call().hints().trust()) < rank(trust);
  }

  /** A tool as a reason shows it: {@code deploy of acme (trust project)}. */
  private static String shown(Scan scan) {
    CallForRules.Hints hints = scan.call().hints();
    return scan.call().tool()
        + (hints.provider() == null ? "" : " of " + hints.provider())
        + " (trust "
        + (hints.trust() == null ? "unknown" : hints.trust())
        + ")";
  }

  /**
   * A trust level's rank.
   *
   * @param trust its wire name, or {@code null}
   * @return 3 for internal, 2 user, 1 project, 0 for external, unknown or none
   */
  static int rank(String trust) {
    if (trust == null) {
      return 0;
    }
    return switch (trust) {
      case "internal" -> 3;
      case "user" -> 2;
      case "project" -> 1;
      default -> 0;
    };
  }
}
