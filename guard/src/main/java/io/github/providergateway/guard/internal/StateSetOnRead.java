package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A state's read told to set it (decision 274): {@code mxctl aircraft status N734ZQ --set
 * SERVICEABLE --clear-aog} returns an aircraft to service, {@code unitctl bulk-status --from
 * QUARANTINE --to AVAILABLE --yes} releases quarantined units. A trade's tool often shows and sets
 * a thing's state under one command word; the word reads ({@code status}, {@code state}) and an
 * option says it writes. {@link ProductionActs} weighs such a call as it weighs a read given {@code
 * --commit}: an unnamed tool's ({@code shapes.unnamed-tool-acts}) or one aimed at production
 * ({@code shapes.production-acts}) acts.
 *
 * <p>An option that sets, clears or marks ({@code --set}, {@code --set-status}, {@code
 * --clear-aog}, {@code --mark-stolen}) sets the state the command word names; so does a
 * confirmation ({@code --yes}, {@code --confirm}), since nothing that only reads asks to be
 * confirmed. A filter reads: {@code order status 1234 --status open}, {@code bulk-status --from
 * 2024-01-01 --to 2024-02-01}.
 */
final class StateSetOnRead {
  private StateSetOnRead() {}

  /** How many command words are looked at for the state read. */
  private static final int COMMAND_WORDS = 4;

  /** The parts of a command word that name a thing's state. */
  private static final Set<String> STATES = NameSet.of("status", "state", "statuses", "states");

  /** An option's first word that sets a state: {@code --set}, {@code --clear-aog}. */
  private static final Set<String> SETTING = NameSet.of("set", "unset", "clear", "mark");

  /** An option that confirms an act: no read asks for it. */
  private static final Set<String> CONFIRMING =
      NameSet.of("yes", "confirm", "assume-yes", "i-am-sure", "really");

  /**
   * Whether {@code args} name a state among their first command words and an option that sets it.
   *
   * @param args a program's arguments
   * @return whether the call sets the state it names
   */
  static boolean told(List<Word> args) {
    return namesState(args) && setting(args);
  }

  private static boolean namesState(List<Word> args) {
    int taken = 0;
    for (int i = 0; i < args.size() && taken < COMMAND_WORDS; i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        return false;
      }
      if (text.startsWith("-") || !args.get(i).literal() || text.length() > 64) {
        continue;
      }
      taken++;
      if (ServiceVerbs.split(text).stream().anyMatch(STATES::contains)) {
        return true;
      }
    }
    return false;
  }

  /** The words beside a state in an option's name that give the state to set. */
  private static final Set<String> TO_BE = NameSet.of("new", "to", "target", "next");

  /**
   * Whether an option's parts give the state the thing is to have ({@code --new-status CLOSE},
   * {@code --to-state}, {@code --status-to}: round 61); {@code --status open} and {@code --to
   * 2024-02-01} filter.
   */
  private static boolean newState(List<String> parts) {
    return parts.size() > 1
        && parts.stream().anyMatch(STATES::contains)
        && parts.stream().anyMatch(TO_BE::contains);
  }

  private static boolean setting(List<Word> args) {
    for (String name : LongOptions.names(args)) {
      List<String> parts = ServiceVerbs.split(name);
      if (name.equals("set") && selects(args) && !BareFlags.mode(args)) {
        continue; // validators status --set eth-pool-a: the set read (decision 334)
      }
      if (SETTING.contains(parts.get(0)) || CONFIRMING.contains(name) || newState(parts)) {
        return true;
      }
    }
    return false;
  }

  /** The words of a set's name: a pool, a group, a cluster of things read together. */
  private static final Set<String> GROUPS =
      NameSet.of(
          "pool",
          "pools",
          "group",
          "set",
          "cluster",
          "fleet",
          "tier",
          "region",
          "batch",
          "cohort",
          "east",
          "west",
          "north",
          "south",
          "main",
          "primary",
          "secondary");

  /**
   * Whether every {@code --set} names a set of things rather than a state (decision 334: {@code
   * kx-stake validators status --set eth-pool-a}, round 75): a lowercase name of two parts or more,
   * one a group's word ({@link #GROUPS}) or a letter or number that tells one group from another
   * ({@code pool-b}, {@code cluster-east}); {@code --set exited}, {@code --set SERVICEABLE} and
   * {@code --set active-ongoing} set the state.
   */
  private static boolean selects(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value =
          text.startsWith("--set=")
              ? text.substring(6)
              : text.equals("--set") && i + 1 < args.size() ? args.get(i + 1).text() : null;
      if (value != null && !setName(value)) {
        return false;
      }
    }
    return true;
  }

  private static boolean setName(String value) {
    if (value.length() > 64 || !value.equals(value.toLowerCase(java.util.Locale.ROOT))) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(value);
    if (parts.size() < 2) {
      return false;
    }
    for (String part : parts) {
      if (GROUPS.contains(part)
          || part.length() == 1
          || part.chars().allMatch(Character::isDigit)) {
        return true;
      }
    }
    return false;
  }
}
