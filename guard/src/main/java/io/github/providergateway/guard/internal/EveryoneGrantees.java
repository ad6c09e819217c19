package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Everyone or the guest account named as a grantee by any tool that grants (for {@link
 * EveryoneGrants}; round 67's NAS share given to {@code guest,everyone} read-write by its own share
 * tool over ssh): a word that lists grantees holds {@code everyone}, {@code guest} or {@code
 * anonymous}, and the command says a grant, by an option that sets a user, a permission, an access
 * list or a share ({@code --setuser}, {@code --grant}, {@code --acl}), by a right ({@code RW},
 * {@code read}, {@code full}), or by a {@code +}. A right taken away ({@code -}, revoke, remove,
 * deny), a listing, and a guest account made or named without a right are no grant.
 */
final class EveryoneGrantees {
  private EveryoneGrantees() {}

  /** Who everyone is, to a share or an access list. */
  private static final Set<String> EVERYONE =
      NameSet.of(
          "everyone",
          "guest",
          "guests",
          "anonymous",
          "anon",
          "all-users",
          "allusers",
          "authenticated-users");

  /**
   * The words of {@link #EVERYONE} (and {@code --anonymous}'s), looked for within a program's
   * arguments before they are lowered and split: where none is, none is named.
   */
  static final WordsWithin WITHIN =
      new WordsWithin("everyone", "guest", "anon", "all-users", "allusers", "authenticated-users");

  /** {@link #EVERYONE}'s names, to look for in a word without an iterator made. */
  private static final String[] EVERYONE_NAMES = EVERYONE.toArray(String[]::new);

  /** Rights, as share tools spell them. */
  private static final Set<String> RIGHTS =
      NameSet.of(
          "rw",
          "ro",
          "rwx",
          "rx",
          "r",
          "w",
          "read",
          "write",
          "read-write",
          "readwrite",
          "readonly",
          "read-only",
          "full",
          "f",
          "modify",
          "change",
          "fullcontrol",
          "full-control",
          "+");

  /** Words that take a right away or only look. */
  private static final Set<String> TAKING =
      NameSet.of(
          "-",
          "revoke",
          "remove",
          "rm",
          "delete",
          "deny",
          "--deny",
          "--revoke",
          "--remove",
          "list",
          "ls",
          "show",
          "get",
          "--get",
          "--list",
          "--enum",
          "info",
          "status");

  /** Programs that print, search or note words rather than act on them. */
  private static final Set<String> SAYERS =
      NameSet.of(
          "echo",
          "printf",
          "grep",
          "rg",
          "egrep",
          "fgrep",
          "git",
          "man",
          "sed",
          "awk",
          "jq",
          "cat",
          "less",
          "head",
          "tail",
          "logger",
          "useradd",
          "adduser",
          "userdel",
          "usermod",
          "id",
          "getent",
          "passwd",
          "chpasswd",
          "groupadd");

  /**
   * The word naming everyone in a grant, or null.
   *
   * @param program the program's name
   * @param args its arguments
   * @return the grantees' word, or null
   */
  static String found(String program, List<Word> args) {
    if (SAYERS.contains(program) || args.size() > 64) {
      return null;
    }
    boolean grant = false;
    String grantees = null;
    for (Word word : args) {
      String text = word.text();
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.length() > 256 || lower.contains(" ")) {
        continue;
      }
      if (TAKING.contains(lower)) {
        return null;
      }
      if (lower.startsWith("-")) {
        int name = 0;
        while (name < lower.length() && lower.charAt(name) == '-') {
          name++; // the option's name, its dashes off
        }
        grant |=
            lower.startsWith("setuser", name)
                || lower.startsWith("set-user", name)
                || lower.startsWith("grant", name)
                || lower.startsWith("acl", name)
                || lower.startsWith("perm", name)
                || lower.startsWith("share", name)
                || lower.startsWith("access", name);
        int eq = lower.indexOf('=');
        lower = eq > 0 ? lower.substring(eq + 1) : "";
      }
      grant |= RIGHTS.contains(lower);
      if (!namesEveryone(lower)) {
        continue; // no part of it can be one of EVERYONE's names
      }
      String[] parts = lower.split("[,;:=]", 16);
      for (String part : parts) {
        if (EVERYONE.contains(part)) {
          grantees = text;
          for (String right : parts) {
            grant |= RIGHTS.contains(right); // Everyone:F, guest=rw
          }
        }
      }
    }
    return grant ? grantees : null;
  }

  /** Whether the text holds one of {@link #EVERYONE}'s names, as a part equal to one must. */
  private static boolean namesEveryone(String text) {
    for (String name : EVERYONE_NAMES) {
      if (text.contains(name)) {
        return true;
      }
    }
    return false;
  }
}
