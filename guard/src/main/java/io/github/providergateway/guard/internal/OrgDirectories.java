package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The organisation's directory and workspace tools read by their grammars (issue 80, decision 99):
 * GAM's {@code gam [all users|user X|csv F gam …] <verb> <object>}, samba-tool's {@code <object>
 * <verb>}, the LDAP tools, Microsoft Graph's {@code mgc <resource…> <verb>}, and PowerShell's
 * cmdlets ({@link PowerShellAdmin}). The predicates {@code org-destroys} and {@code org-changes}
 * hold where a program's {@link OrgEffect} is {@code DESTROY} or {@code CHANGE}.
 */
final class OrgDirectories {
  private OrgDirectories() {}

  /** The predicates by name. */
  static void addTo(Map<String, Where.Predicate> named) {
    Where.byValue(
        named,
        Map.of("org-destroys", OrgEffect.DESTROY, "org-changes", OrgEffect.CHANGE),
        (scan, step, read) -> of(scan, step));
  }

  /** The call predicates by name. */
  static void addCallsTo(Map<String, Where.CallPredicate> onCall) {
    onCall.put("directory-dump-sent", OrgDirectories::dumpSent);
  }

  /**
   * The programs that print the organisation's directory (PowerShell is not among them: its output
   * is any script's).
   */
  private static final Set<String> DIRECTORY_READERS =
      NameSet.of("gam", "gam7", "gamadv-xtd3", "ldapsearch", "samba-tool", "mgc", "auth0", "okta");

  /** The programs that send a file to another machine. */
  private static final Set<String> SENDS =
      NameSet.of(
          "curl", "wget", "http", "https", "xh", "curlie", "scp", "rsync", "rclone", "nc", "ncat");

  /**
   * A file a directory reader of the call writes and a later program sends to another machine:
   * {@code gam print users fields phones > staff.csv && curl -F f=@staff.csv https://…}.
   */
  private static String dumpSent(Scan scan) {
    List<String> dumps = null;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (DIRECTORY_READERS.contains(program)) {
        for (Redirect redirect : step.invocation().redirects()) {
          if (redirect.writes() && redirect.target() != null) {
            String target = redirect.target().text();
            if (!target.startsWith("/dev/") && target.length() > 1) {
              dumps = dumps == null ? new java.util.ArrayList<>() : dumps;
              dumps.add(target.substring(target.lastIndexOf('/') + 1));
            }
          }
        }
      } else if (dumps != null && SENDS.contains(program)) {
        String shown = step.shown();
        if (shown.length() > 16 * 1024) {
          continue;
        }
        for (String dump : dumps) {
          if (shown.contains(dump) && (Hosts.firstElsewhere(shown) != null || copiesAway(step))) {
            return shown;
          }
        }
      }
    }
    return null;
  }

  /** Whether scp or rsync names another machine. */
  private static boolean copiesAway(Step step) {
    if (!step.program().equals("scp") && !step.program().equals("rsync")) {
      return false;
    }
    for (Word word : step.args()) {
      String host = word.text().startsWith("-") ? null : Hosts.remote(word.text());
      if (host != null && !Hosts.loopback(host)) {
        return true;
      }
    }
    return false;
  }

  /** The programs read here: the first test of every predicate, a set lookup. */
  private static final Set<String> LDAP_CHANGES =
      NameSet.of("ldapmodify", "ldapadd", "ldapmodrdn", "ldappasswd", "ldapexop");

  /**
   * What a program does to the organisation's directory.
   *
   * @param scan the call
   * @param step the program
   * @return its effect
   */
  static OrgEffect of(Scan scan, Step step) {
    OrgEffect effect = one(scan, step);
    return effect == OrgEffect.CHANGE && locksOut(step) && repeated(scan, step)
        ? OrgEffect.DESTROY
        : effect;
  }

  /** The words of a change that locks an account's owner out of it. */
  private static final Set<String> LOCKS_OUT =
      NameSet.of(
          "disable",
          "suspend",
          "suspended",
          "setpassword",
          "password",
          "changepassword",
          "setexpiry",
          "passwd",
          "user-disable",
          "lock",
          "signout",
          "sp");

  private static boolean locksOut(Step step) {
    if (step.program().equals("ldappasswd")) {
      return true;
    }
    for (Word word : step.args()) {
      if (LOCKS_OUT.contains(word.text().toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** A shell loop over several words: {@code for u in …; do}, {@code while read u; do}. */
  private static final Pattern LOOP =
      Pattern.compile("\\b(?:for|while|until)\\b[^;]{0,400};\\s*do\\b");

  /** Whether the program runs once for each of many: through xargs, or in a loop. */
  private static boolean repeated(Scan scan, Step step) {
    return step.reachedBy("xargs")
        || scan.source().length() < 64 * 1024 && PatternLiterals.finds(LOOP, scan.source());
  }

  private static OrgEffect one(Scan scan, Step step) {
    String program = step.program().toLowerCase(Locale.ROOT);
    return switch (program) {
      case "gam", "gam7", "gamadv-xtd3" -> gam(step.args());
      case "samba-tool" -> sambaTool(step.args());
      case "ldapdelete" -> local(step.args()) ? OrgEffect.NONE : OrgEffect.DESTROY;
      case "mgc" -> mgc(step.args());
      case "auth0" -> IdentityProviders.auth0(step.args());
      case "ipa" -> IdentityProviders.freeIpa(step.args());
      case "net" -> IdentityProviders.sambaNet(step.args());
      case "az" -> IdentityProviders.azureAd(step.args());
      case "zmprov" -> IdentityProviders.zimbra(step.args());
      case "kcadm.sh", "kcadm" -> IdentityProviders.keycloak(step.args());
      case "pwsh", "powershell" -> PowerShellAdmin.of(scan, step);
      default -> LDAP_CHANGES.contains(program) ? ldapChange(step) : OrgEffect.NONE;
    };
  }

  // GAM: the first command word decides; the words before it say whom (all users, a CSV, an OU).

  private static final Set<String> GAM_DESTROYS =
      NameSet.of(
          "delete",
          "del",
          "remove",
          "wipe",
          "deprovision",
          "purge",
          "trash",
          "suspend",
          "signout",
          "turnoff2sv",
          "deletealias",
          "clear");

  private static final Set<String> GAM_CHANGES =
      NameSet.of(
          "create",
          "add",
          "update",
          "upd",
          "transfer",
          "move",
          "modify",
          "sync",
          "undelete",
          "unsuspend",
          "forward",
          "imap",
          "pop",
          "vacation",
          "signature",
          "sendas",
          "delegate",
          "profile",
          "set",
          "replace",
          "claim",
          "archive",
          "untrash",
          "collect",
          "copy",
          "issuecommand");

  private static final Set<String> GAM_READS =
      NameSet.of(
          "print",
          "show",
          "info",
          "report",
          "check",
          "get",
          "whatis",
          "version",
          "help",
          "oauth",
          "list",
          "download",
          "watch");

  /** The entity words that reach many accounts. */
  private static final Set<String> GAM_MANY =
      NameSet.of(
          "all",
          "csv",
          "csvfile",
          "ou",
          "ous",
          "ou_and_children",
          "ou_and_children_ns",
          "ous_and_children",
          "group",
          "groups",
          "group_users",
          "users",
          "query",
          "queries",
          "multiprocess",
          "domains",
          "file",
          "datafile",
          "cros",
          "courses",
          "teachers",
          "students");

  /** The words of a change that locks the person out of the account or makes an administrator. */
  private static final Set<String> GAM_TAKES =
      NameSet.of(
          "suspended",
          "password",
          "changepassword",
          "archived",
          "admin",
          "_seed_admin_role",
          "superadmin",
          "super_admin",
          "isadmin");

  /** GAM's commands that run the GAM commands of a file or, given {@code -}, of their input. */
  private static final Set<String> GAM_BATCHES = NameSet.of("batch", "tbatch");

  private static OrgEffect gam(List<Word> args) {
    boolean many = false;
    for (int i = 0; i < args.size() && i < 64; i++) {
      String word = args.get(i).text().toLowerCase(Locale.ROOT);
      if (GAM_BATCHES.contains(word) && i + 1 < args.size() && args.get(i + 1).text().equals("-")) {
        return OrgEffect.CHANGE; // gam batch -: commands a pipe makes as it runs (round 61)
      }
      if (GAM_READS.contains(word)) {
        return OrgEffect.NONE;
      }
      if (GAM_DESTROYS.contains(word)) {
        return OrgEffect.DESTROY;
      }
      if (GAM_CHANGES.contains(word)) {
        boolean admin = false;
        boolean takes = false;
        for (int j = i; j < args.size(); j++) {
          String after = args.get(j).text().toLowerCase(Locale.ROOT);
          String next = j + 1 < args.size() ? args.get(j + 1).text().toLowerCase(Locale.ROOT) : "";
          admin |=
              after.equals("admin") && (j == i + 1 || next.equals("on") || next.equals("true"))
                  || after.contains("admin_role");
          takes |= GAM_TAKES.contains(after);
          // gam update mobile … action admin_remote_wipe; a Chromebook's wipe_users or
          // remote_powerwash, deprovision (decision 251)
          admin |=
              after.contains("wipe")
                  || after.contains("powerwash")
                  || after.startsWith("deprovision");
        }
        return admin || many && takes ? OrgEffect.DESTROY : OrgEffect.CHANGE;
      }
      many |= GAM_MANY.contains(word) || word.startsWith("~");
    }
    return OrgEffect.NONE;
  }

  // samba-tool: <object> <verb>, its options after.

  private static final Set<String> SAMBA_DESTROYS =
      NameSet.of("delete", "del", "remove", "removemembers", "demote", "seize", "dellink");

  private static final Set<String> SAMBA_CHANGES =
      NameSet.of(
          "add",
          "create",
          "setpassword",
          "set",
          "edit",
          "move",
          "rename",
          "addmembers",
          "disable",
          "enable",
          "setexpiry",
          "unlock",
          "import",
          "restore",
          "transfer",
          "setlink",
          "setinheritance",
          "raise",
          "replicate",
          "upload",
          "update",
          "modify",
          "join",
          "leave");

  /** An administrators' group of a directory (Active Directory's, Entra's). */
  static final Pattern ADMIN_GROUP =
      Pattern.compile("(?i)\\b(?:domain|enterprise|schema) admins\\b|\\badministrators\\b");

  private static OrgEffect sambaTool(List<Word> args) {
    if (local(args)) {
      return OrgEffect.NONE;
    }
    String object = null;
    for (int i = 0; i < args.size() && i < 64; i++) {
      String word = args.get(i).text();
      if (word.startsWith("-")) {
        break;
      }
      String verb = word.toLowerCase(Locale.ROOT);
      if (object == null) {
        object = verb;
        continue;
      }
      if (SAMBA_DESTROYS.contains(verb) || verb.startsWith("delete")) {
        return OrgEffect.DESTROY;
      }
      if (SAMBA_CHANGES.contains(verb)) {
        boolean admin =
            verb.equals("addmembers")
                && i + 1 < args.size()
                && PatternLiterals.finds(ADMIN_GROUP, args.get(i + 1).text());
        return admin ? OrgEffect.DESTROY : OrgEffect.CHANGE;
      }
      if (verb.equals("dbcheck") || object.equals("dbcheck")) {
        return has(args, "--fix") ? OrgEffect.CHANGE : OrgEffect.NONE;
      }
    }
    if ("dbcheck".equals(object) && has(args, "--fix")) {
      return OrgEffect.CHANGE;
    }
    return OrgEffect.NONE;
  }

  // The LDAP tools: ldapdelete destroys, ldapmodify changes (a changetype: delete destroys),
  // unless the server is this machine's or -n only shows what would be done.

  private static final Pattern LDIF_DELETES = Pattern.compile("(?i)changetype:\\s*delete\\b");

  private static OrgEffect ldapChange(Step step) {
    List<Word> args = step.args();
    if (local(args)) {
      return OrgEffect.NONE;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null
          && redirect.body().length() < 64 * 1024
          && PatternLiterals.finds(LDIF_DELETES, redirect.body())) {
        return OrgEffect.DESTROY;
      }
    }
    return OrgEffect.CHANGE;
  }

  /**
   * Whether a directory tool's server is this machine's ({@code -H ldap://localhost:3389}, {@code
   * -h 127.0.0.1}), or {@code -n} (the LDAP tools' dry run) is given.
   */
  private static boolean local(List<Word> args) {
    boolean local = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.equals("-n")) {
        return true;
      }
      String value = null;
      if ((word.equals("-H") || word.equals("-h") || word.equals("--URL")) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (word.startsWith("-H") && word.length() > 2) {
        value = word.substring(2);
      } else if (word.startsWith("--URL=")) {
        value = word.substring(6);
      }
      if (value != null) {
        for (String uri : value.split("[\\s,]+")) {
          String host = uri.contains("://") ? Hosts.of(uri) : uri;
          if (host == null || !Hosts.loopback(host) && !uri.startsWith("/tmp/")) {
            return false;
          }
          local = true;
        }
      }
    }
    return local;
  }

  private static boolean has(List<Word> args, String option) {
    for (Word word : args) {
      if (word.text().equals(option)) {
        return true;
      }
    }
    return false;
  }

  // mgc: mgc <resource…> <verb> [options]: get and list read, delete destroys, the others change;
  // a policy patched or deleted and a device wiped destroy.

  private static final Set<String> MGC_READS = NameSet.of("get", "list");

  private static final Set<String> MGC_CHANGES =
      NameSet.of("post", "patch", "put", "create", "update");

  private static final Pattern MGC_DESTROYS_PATH =
      Pattern.compile(
          "^(?:wipe|retire|clean-windows-device|permanent-delete|delete-.*|remove-.*)$");

  private static final Pattern MGC_POLICY = Pattern.compile("polic|conditional-access");

  private static OrgEffect mgc(List<Word> args) {
    boolean policy = false;
    boolean destroying = false;
    for (int i = 0; i < args.size() && i < 32; i++) {
      String word = args.get(i).text().toLowerCase(Locale.ROOT);
      if (word.startsWith("-")) {
        break;
      }
      if (MGC_READS.contains(word)) {
        return OrgEffect.NONE;
      }
      if (word.equals("delete")) {
        return OrgEffect.DESTROY;
      }
      if (MGC_CHANGES.contains(word)) {
        return policy && !word.equals("post") || destroying ? OrgEffect.DESTROY : OrgEffect.CHANGE;
      }
      policy |= PatternLiterals.finds(MGC_POLICY, word);
      destroying |= PatternLiterals.matches(MGC_DESTROYS_PATH, word);
    }
    return OrgEffect.NONE;
  }
}
