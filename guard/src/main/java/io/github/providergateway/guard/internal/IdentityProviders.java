package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The identity providers' command lines read by their grammars for {@link OrgDirectories} (decision
 * 99): auth0's Management API, FreeIPA's {@code ipa}, Zimbra's {@code zmprov}, Keycloak's {@code
 * kcadm.sh} and Entra ID's {@code az ad}; since decision 307 Samba's {@code net rpc|ads group
 * addmem}, {@code net rpc user delete} and Windows' {@code net group … /add}, which change an
 * Active Directory domain from a Linux or Windows shell.
 */
final class IdentityProviders {
  private IdentityProviders() {}

  // auth0: the Management API through `auth0 api <method> <path>`, and `auth0 <resource> <verb>`.

  /** The tenant's settings whose change logs everyone out or lowers every login's defences. */
  private static final Pattern AUTH0_GUARDS =
      Pattern.compile(
          "(?i)keys/signing|attack-protection|guardian|/roles|roles/|breached-password"
              + "|suspicious-ip|brute-force|\"enabled\"\\s*:\\s*false");

  private static final Set<String> AUTH0_CHANGES =
      NameSet.of(
          "update",
          "set",
          "rotate",
          "revoke",
          "disable",
          "enable",
          "assign",
          "add-roles",
          "add-permissions",
          "unblock",
          "import");

  static OrgEffect auth0(List<Word> args) {
    String resource = args.isEmpty() ? "" : args.get(0).text().toLowerCase(Locale.ROOT);
    if (resource.equals("api")) {
      String method = "get";
      StringBuilder rest = new StringBuilder();
      for (int i = 1; i < args.size() && i < 32; i++) {
        String word = args.get(i).text();
        if (i == 1 && word.matches("(?i)get|post|put|patch|delete")) {
          method = word.toLowerCase(Locale.ROOT);
        } else if (word.length() < 4096) {
          rest.append(' ').append(word);
        }
      }
      if (method.equals("get")) {
        return OrgEffect.NONE;
      }
      return method.equals("delete") || AUTH0_GUARDS.matcher(rest).find()
          ? OrgEffect.DESTROY
          : OrgEffect.CHANGE;
    }
    String verb = args.size() > 1 ? args.get(1).text().toLowerCase(Locale.ROOT) : "";
    if (verb.equals("delete") || verb.equals("rm")) {
      return OrgEffect.DESTROY;
    }
    if (resource.equals("apps") || resource.equals("applications")) {
      return OrgEffect
          .NONE; // an application's settings are the live site's (saas.security-lowered)
    }
    return AUTH0_CHANGES.contains(verb) ? OrgEffect.CHANGE : OrgEffect.NONE;
  }

  // FreeIPA: ipa <object>-<verb>; Zimbra: zmprov <command>; Keycloak: kcadm.sh <verb> <path>.

  /**
   * Samba's {@code net} against a domain ({@code net rpc group addmem 'Domain Admins' svc -S dc01})
   * and Windows' {@code net group|localgroup NAME USER /add}: an administrators' group joined
   * destroys the domain's trust, any other member, user or password change changes it; {@code net
   * rpc group list}, {@code net ads info} read.
   */
  static OrgEffect sambaNet(List<Word> args) {
    List<String> words = new java.util.ArrayList<>();
    boolean windowsAdd = false;
    for (Word word : args) {
      String text = word.text();
      windowsAdd |= text.equalsIgnoreCase("/add") || text.equalsIgnoreCase("/delete");
      if (!text.startsWith("-") && !text.startsWith("/")) {
        words.add(text);
      }
    }
    if (words.isEmpty()) {
      return OrgEffect.NONE;
    }
    String first = words.get(0).toLowerCase(Locale.ROOT);
    boolean admin = words.stream().anyMatch(w -> OrgDirectories.ADMIN_GROUP.matcher(w).find());
    if ((first.equals("group") || first.equals("localgroup")) && windowsAdd) {
      return admin ? OrgEffect.DESTROY : OrgEffect.CHANGE; // net group "Domain Admins" u /add
    }
    if (!first.equals("rpc") && !first.equals("ads") && !first.equals("sam")) {
      return OrgEffect.NONE;
    }
    String object = words.size() > 1 ? words.get(1).toLowerCase(Locale.ROOT) : "";
    String verb = words.size() > 2 ? words.get(2).toLowerCase(Locale.ROOT) : "";
    if (object.equals("group") && verb.equals("addmem")) {
      return admin ? OrgEffect.DESTROY : OrgEffect.CHANGE;
    }
    if (verb.equals("delete") || verb.equals("del") || object.equals("leave")) {
      return OrgEffect.DESTROY;
    }
    return verb.matches("add|delmem|rename|password|setprimarygroup|join")
            || object.equals("password")
            || object.equals("join")
        ? OrgEffect.CHANGE
        : OrgEffect.NONE;
  }

  static OrgEffect freeIpa(List<Word> args) {
    String command = firstPositional(args);
    int dash = command.indexOf('-');
    String verb = dash < 0 ? "" : command.substring(dash + 1);
    if (verb.equals("del") || verb.startsWith("del-")) {
      return OrgEffect.DESTROY;
    }
    String group = firstAfter(args, command);
    if (verb.equals("add-member")
        && (group.equalsIgnoreCase("admins") || OrgDirectories.ADMIN_GROUP.matcher(group).find())) {
      return OrgEffect.DESTROY;
    }
    return verb.matches(
            "add|mod|disable|enable|add-member|remove-member|unlock|passwd|undel"
                + "|add-principal|remove-principal|add-cert|remove-cert|archive|stage|preserve")
        ? OrgEffect.CHANGE
        : OrgEffect.NONE;
  }

  private static final Set<String> ZIMBRA_DESTROYS =
      NameSet.of(
          "da",
          "deleteaccount",
          "ddl",
          "deletedistributionlist",
          "dd",
          "deletedomain",
          "dc",
          "deletecos",
          "dcalres",
          "deletecalendarresource",
          "ds",
          "deleteserver");

  private static final Set<String> ZIMBRA_CHANGES =
      NameSet.of(
          "ma",
          "modifyaccount",
          "sp",
          "setpassword",
          "ca",
          "createaccount",
          "adlm",
          "adddistributionlistmember",
          "rdlm",
          "removedistributionlistmember",
          "ra",
          "renameaccount",
          "mcf",
          "modifyconfig",
          "md",
          "modifydomain",
          "mc",
          "modifycos",
          "aaa",
          "addaccountalias",
          "raa",
          "removeaccountalias",
          "cd",
          "createdomain");

  static OrgEffect zimbra(List<Word> args) {
    String command = firstPositional(args).toLowerCase(Locale.ROOT);
    if (ZIMBRA_DESTROYS.contains(command)) {
      return OrgEffect.DESTROY;
    }
    return ZIMBRA_CHANGES.contains(command) ? OrgEffect.CHANGE : OrgEffect.NONE;
  }

  static OrgEffect keycloak(List<Word> args) {
    String verb = firstPositional(args);
    for (int i = 0; i + 1 < args.size(); i++) {
      String word = args.get(i).text();
      if (word.equals("--server")
          && Hosts.of(args.get(i + 1).text()) != null
          && Hosts.loopback(Hosts.of(args.get(i + 1).text()))) {
        return OrgEffect.NONE;
      }
    }
    if (verb.equals("delete")) {
      return OrgEffect.DESTROY;
    }
    // A client's settings are an application's (its redirects are weakens.*'s); the people, their
    // groups and roles and the realm's own settings are the organisation's.
    String path = firstAfter(args, verb);
    boolean people = path.matches("(?:realms/[^/]+/?)?(?:users|groups|roles).*|realms/[^/]+/?");
    if (verb.equals("update") && path.startsWith("realms/") && !path.contains("/users")) {
      for (Word word : args) {
        if (word.text().endsWith("=false")) {
          return OrgEffect.DESTROY;
        }
      }
    }
    return verb.matches("set-password|add-roles|remove-roles")
            || people && verb.matches("create|update")
        ? OrgEffect.CHANGE
        : OrgEffect.NONE;
  }

  private static String firstPositional(List<Word> args) {
    for (Word word : args) {
      if (!word.text().startsWith("-")) {
        return word.text();
      }
    }
    return "";
  }

  private static String firstAfter(List<Word> args, String first) {
    boolean seen = false;
    for (Word word : args) {
      if (seen && !word.text().startsWith("-")) {
        return word.text();
      }
      seen |= word.text().equals(first);
    }
    return "";
  }

  // az ad <object> [member|owner|credential|permission] <verb>: Entra ID's users, groups, apps.

  private static final Set<String> AZ_AD_CHANGES =
      NameSet.of("create", "update", "add", "remove", "reset", "grant", "admin-consent", "set");

  static OrgEffect azureAd(List<Word> args) {
    if (args.size() < 3 || !args.get(0).text().equals("ad")) {
      return OrgEffect.NONE;
    }
    boolean member = false;
    for (int i = 1; i < args.size() && i < 5; i++) {
      String word = args.get(i).text();
      if (word.startsWith("-")) {
        break;
      }
      if (word.equals("delete")) {
        return OrgEffect.DESTROY;
      }
      if (AZ_AD_CHANGES.contains(word)) {
        boolean admin = false;
        for (int j = i + 1; member && word.equals("add") && j + 1 < args.size(); j++) {
          admin |=
              args.get(j).text().matches("--group|-g")
                  && OrgDirectories.ADMIN_GROUP.matcher(args.get(j + 1).text()).find();
        }
        return admin ? OrgEffect.DESTROY : OrgEffect.CHANGE;
      }
      member |= word.equals("member") || word.equals("owner");
    }
    return OrgEffect.NONE;
  }
}
