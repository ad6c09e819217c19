package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A network rule opened to every address by any tool's command line, the cloud's or a company's own
 * ({@code exposure.opened-to-internet}; round 67's secure research environment given internet
 * egress by {@code <tool> network egress allow --cidr 0.0.0.0/0}): the words say an act of opening
 * (allow, open, authorize, permit, add), a network rule's thing (egress, ingress, firewall,
 * security group, allow list) and every address ({@code 0.0.0.0/0}, {@code ::/0}). The cloud CLIs
 * {@link FirewallOpenings} reads by their subcommands are read the same. A rule revoked, deleted or
 * listed, and a narrower range, are not openings.
 */
final class NetworkRuleOpenings {
  private NetworkRuleOpenings() {}

  /** The characters a word's parts are split at. */
  private static final String SEPARATORS = "-_:./=,";

  /** Words that open: the act. */
  private static final Set<String> OPENING =
      NameSet.of(
          "allow",
          "open",
          "authorize",
          "authorise",
          "permit",
          "add",
          "create",
          "grant",
          "whitelist",
          "allowlist",
          "expose",
          "set",
          "update",
          "enable");

  /** Words that close, remove or only show: the call is no opening. */
  private static final Set<String> CLOSING =
      NameSet.of(
          "deny",
          "revoke",
          "remove",
          "rm",
          "delete",
          "del",
          "block",
          "reject",
          "drop",
          "close",
          "list",
          "ls",
          "show",
          "get",
          "describe",
          "status",
          "disable");

  /** Programs that print, search or note words rather than act on them. */
  private static final Set<String> SAYERS =
      NameSet.of(
          "echo",
          "printf",
          "grep",
          "rg",
          "egrep",
          "fgrep",
          "ag",
          "git",
          "man",
          "sed",
          "awk",
          "jq",
          "yq",
          "cat",
          "less",
          "head",
          "tail",
          "logger",
          "notify-send",
          "test",
          "[");

  /** Words for what a network rule is. */
  private static final Set<String> NETWORK =
      NameSet.of(
          "egress",
          "ingress",
          "inbound",
          "outbound",
          "firewall",
          "firewalls",
          "firewall-rule",
          "firewall-rules",
          "security-group",
          "security-groups",
          "sg",
          "acl",
          "nacl",
          "network",
          "allowlist",
          "whitelist",
          "ip-allowlist",
          "ip-whitelist",
          "cidr",
          "cidrs");

  /**
   * Whether an argument holds every address as {@link #opens} reads it ({@code 0.0.0.0/0}, {@code
   * ::/0}: no letters, so lower case or not alike), the one part of an opening found in a single
   * word: where none does, the words are not lowered and split.
   */
  private static boolean everyAddressWithin(List<Word> args) {
    for (int i = 0; i < args.size() && i < 128; i++) {
      String text = args.get(i).text();
      if (text.contains("0.0.0.0/0") || text.contains("::/0")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the words open a network rule to every address.
   *
   * @param program the program's name
   * @param args the program's arguments
   * @return whether they do
   */
  static boolean opens(String program, List<Word> args) {
    if (SAYERS.contains(program) || !everyAddressWithin(args)) {
      return false; // a sayer, or no word gives every address (most programs: one look each)
    }
    boolean opening = false;
    boolean network = false;
    boolean everyone = false;
    for (int i = 0; i < args.size() && i < 128; i++) {
      String text = args.get(i).text();
      if (text.length() > 512) {
        continue;
      }
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.contains(" ")) {
        continue; // a sentence, a pattern or a message: not the tool's words
      }
      everyone |= lower.contains("0.0.0.0/0") || lower.contains("::/0");
      if (lower.startsWith("-")) {
        int from = 0;
        while (from < lower.length() && lower.charAt(from) == '-') {
          from++; // the option's name, its dashes off
        }
        int eq = lower.indexOf('=', from);
        int to = eq >= 0 ? eq : lower.length();
        network |=
            isPart(lower, from, to, "cidr")
                || lower.startsWith("source-range", from) && to - from >= 12
                || isPart(lower, from, to, "ingress");
        continue;
      }
      network |= NETWORK.contains(lower);
      // The parts lower.split("[-_:./=,]", 8) gives, read where they lie.
      int from = 0;
      int parts = 1;
      for (int at = 0; at <= lower.length(); at++) {
        if (at < lower.length() && (parts == 8 || SEPARATORS.indexOf(lower.charAt(at)) < 0)) {
          continue;
        }
        if (NameSet.holdsPart(CLOSING, lower, from, at)) {
          return false;
        }
        opening |= NameSet.holdsPart(OPENING, lower, from, at);
        network |= NameSet.holdsPart(NETWORK, lower, from, at);
        from = at + 1;
        parts++;
      }
    }
    return opening && network && everyone;
  }

  private static boolean isPart(String text, int from, int to, String part) {
    return to - from == part.length() && text.startsWith(part, from);
  }
}
