package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * Options that make a call's act final whatever its command words say (decision 257): a ledger's
 * {@code --post}, a run's {@code --finalize}, {@code --auto-sign}, a queue's {@code --accept-all},
 * {@code --apply-to-signed-cases}, a check's {@code --override}. They make an unnamed tool's call
 * act ({@link UnnamedToolActs}); after a check's command word they commit as {@code --commit} does
 * ({@link ProductionActs}): {@code dwp-landlord verify --accept-all} accepts what it verifies,
 * where {@code roster show --override-rest-rules} only shows. {@code --sign}, {@code --release} and
 * {@code --apply-patches} alone are a build's.
 */
final class FinalisingOptions {
  private FinalisingOptions() {}

  /** How many words a program's options are read in. */
  private static final int OPTIONS_READ = 32;

  /** The options that make an act final alone: posted to a ledger, finalized, certified. */
  private static final Set<String> FINAL_ALONE =
      NameSet.of("post", "finalize", "finalise", "certify");

  /** The words that make an act final beside {@code auto} or {@code all}: {@code --auto-sign}. */
  private static final Set<String> FINAL =
      NameSet.of(
          "post",
          "finalize",
          "finalise",
          "sign",
          "approve",
          "accept",
          "certify",
          "release",
          "submit");

  /** The command words of a check that records its outcome. */
  private static final Set<String> CHECKS =
      NameSet.of("verify", "check", "validate", "review", "screen", "vet", "triage");

  /** {@return whether an option among {@code args} makes the act final} */
  static boolean in(List<Word> args) {
    for (String name : LongOptions.names(args)) {
      if (finalises(ServiceVerbs.split(name))) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether a check's command word ({@code verify}) is given an option that finalises} */
  static boolean afterCheck(List<Word> args) {
    if (!in(args)) {
      return false;
    }
    for (int i = 0; i < args.size() && i < OPTIONS_READ; i++) {
      if (CHECKS.contains(args.get(i).text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean finalises(List<String> parts) {
    String first = parts.get(0);
    String last = parts.get(parts.size() - 1);
    return parts.size() == 1 && FINAL_ALONE.contains(first)
        || first.equals("override")
        || first.equals("bypass")
        || parts.size() == 2
            && last.equals("all")
            && (TradeVerbs.verb(first) || FINAL.contains(first))
        || parts.size() > 1
            && first.equals("apply")
            && (parts.get(1).equals("to") || parts.get(1).startsWith("retro"))
        || parts.size() == 2 && first.equals("auto") && FINAL.contains(last)
        || includesKeptOut(parts)
        || parts.size() > 1 && first.equals("ignore") && IGNORED.contains(last)
        || parts.size() == 2 && first.equals("clear") && CLEARED.contains(last);
  }

  /** What an {@code --ignore-…} option goes past: {@code --ignore-stability-warnings}. */
  private static final Set<String> IGNORED =
      NameSet.of(
          "warnings",
          "warning",
          "checks",
          "check",
          "validation",
          "limits",
          "limit",
          "holds",
          "hold",
          "segregation",
          "stability",
          "safety",
          "rules",
          "screening",
          "sanctions");

  /** What a {@code --clear-…} option takes off: a lockout, a hold, a flag that stops work. */
  private static final Set<String> CLEARED =
      NameSet.of("loto", "lockout", "tagout", "hold", "holds", "flag", "flags", "block", "blocks");

  /**
   * Whether words include records the trade keeps out of sight ({@code --include-sealed}, {@code
   * PORTAL_INCLUDE_EXPUNGED}): a court's sealed or expunged cases, a confidential or restricted
   * file, a juvenile's, suppressed or opted-out people (decision 259).
   */
  static boolean includesKeptOut(List<String> words) {
    for (int i = 0; i + 1 < words.size(); i++) {
      if (INCLUDES.contains(words.get(i)) && KEPT_OUT.contains(words.get(i + 1))) {
        return true;
      }
    }
    return false;
  }

  /** The words that take in more than a default shows. */
  private static final Set<String> INCLUDES = NameSet.of("include", "with", "show", "expose");

  /** What a trade keeps out of sight by default. */
  private static final Set<String> KEPT_OUT =
      NameSet.of(
          "sealed",
          "expunged",
          "confidential",
          "restricted",
          "suppressed",
          "juvenile",
          "juveniles",
          "optedout",
          "unsubscribed",
          "redacted",
          // round 61: a blinded trial's allocation, and the identifiers a data set keeps out
          "arms",
          "allocation",
          "allocations",
          "unblinded",
          "pii",
          "phi",
          "ssn",
          "identifiers",
          "unmasked");
}
