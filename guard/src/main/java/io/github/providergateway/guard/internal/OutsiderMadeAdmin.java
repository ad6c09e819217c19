package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An account at a personal mailbox given an administrator's role (round 67, for {@link
 * EscalatedActs}): {@code ./bin/tdesk users create --email dev.helper@proton.me --role admin},
 * {@code opsctl members invite k.r@gmail.com --owner}. A company's staff sign in with its own
 * domain; a free mailbox made admin is someone outside it handed the whole system, which no
 * ordinary grant needs. The asking rule guessed an act; these words make it sure.
 */
final class OutsiderMadeAdmin {
  private OutsiderMadeAdmin() {}

  /** An address at a mailbox provider that people hold for themselves (decision 290's list). */
  private static final Pattern PERSONAL_MAILBOX =
      Pattern.compile(
          "(?i)[\\w.+-]{1,64}@(?:"
              + ToolArguments.PERSONAL_PROVIDERS
              + "|mail|fastmail|zoho)\\.[a-z.]{2,8}\\b");

  /** The roles that hold the whole system. */
  private static final Set<String> ADMIN_ROLES =
      NameSet.of(
          "admin",
          "admins",
          "administrator",
          "administrators",
          "superadmin",
          "super-admin",
          "super_admin",
          "superuser",
          "owner",
          "owners",
          "root",
          "sysadmin",
          "org-admin",
          "org_admin",
          "global-admin",
          "tenant-admin");

  /** The parts of an option's name that say its value is a role or a group. */
  private static final Set<String> ROLE_PARTS =
      NameSet.of(
          "role", "roles", "group", "groups", "permission", "permissions", "level", "access");

  /**
   * Whether a personal mailbox is among the words and an administrator's role is given.
   *
   * @param args a program's words after its name
   * @return whether an outsider is made admin
   */
  static boolean in(List<Word> args) {
    boolean mailbox = false;
    boolean admin = false;
    String option = "";
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      if (text.length() > 200) {
        continue;
      }
      mailbox |= PERSONAL_MAILBOX.matcher(text).find();
      String lower = text.toLowerCase(Locale.ROOT);
      int eq = lower.indexOf('=');
      if (lower.startsWith("--")) {
        String name = eq > 0 ? lower.substring(2, eq) : lower.substring(2);
        admin |=
            ADMIN_ROLES.contains(name) || name.startsWith("make-") && adminRole(name.substring(5));
        if (eq > 0 && roleOption(name)) {
          admin |= adminRole(lower.substring(eq + 1));
        }
        option = eq > 0 ? "" : name;
      } else {
        admin |= roleOption(option) && adminRole(lower);
        option = "";
      }
    }
    return mailbox && admin;
  }

  private static boolean roleOption(String name) {
    return !name.isEmpty()
        && name.length() < 40
        && ServiceVerbs.split(name).stream().anyMatch(ROLE_PARTS::contains);
  }

  private static boolean adminRole(String value) {
    for (String role : value.split("[,:]")) {
      if (ADMIN_ROLES.contains(role.trim())) {
        return true;
      }
    }
    return false;
  }
}
