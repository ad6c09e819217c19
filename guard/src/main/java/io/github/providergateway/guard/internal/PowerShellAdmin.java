package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PowerShell's cmdlets read as a lexicon of verbs over the organisation's nouns (issue 80, decision
 * 99): the code of {@code pwsh}/{@code powershell} ({@code -Command}, {@code -c}, {@code
 * -EncodedCommand}, or {@code -File} of a script the same call writes) holds {@code Verb-Noun}
 * calls; a noun of Exchange Online, the compliance centre, Microsoft Graph, Entra, Active Directory
 * or Teams is the organisation's, and the verb says what is done to it. {@code Get}, {@code Test},
 * {@code Search} and every verb that only reads or shows are no effect.
 */
final class PowerShellAdmin {
  private PowerShellAdmin() {}

  /** The longest code read: beyond it the cmdlets are not looked for (the time budget). */
  private static final int MAX_CODE = 64 * 1024;

  /** The most of a statement read on either side of a cmdlet: its parameters and its pipeline. */
  private static final int STATEMENT = 512;

  /** A cmdlet: an approved verb, a dash, a noun. */
  private static final Pattern CMDLET =
      Pattern.compile("(?<![\\w$.-])([A-Za-z]{3,12})-([A-Za-z][A-Za-z0-9]{1,60})(?![\\w-])");

  /** The verbs that destroy, turn off or lock out. */
  private static final Set<String> DESTROYS =
      NameSet.of(
          "remove",
          "clear",
          "disable",
          "revoke",
          "reset",
          "stop",
          "uninstall",
          "unregister",
          "dismount",
          "block",
          "suspend",
          "deny");

  /** The verbs that remove for good, whatever they are aimed at. */
  private static final Set<String> DELETES = NameSet.of("remove", "clear");

  /** The verbs that change. */
  private static final Set<String> CHANGES =
      NameSet.of(
          "set",
          "add",
          "update",
          "new",
          "grant",
          "enable",
          "start",
          "restart",
          "move",
          "install",
          "import",
          "register",
          "rename",
          "restore",
          "unblock",
          "publish",
          "mount",
          "approve",
          "invoke",
          "undo",
          "copy",
          "merge",
          "switch",
          "sync",
          "initialize",
          "redo");

  /** The module prefixes of the organisation's directory and mail (Graph, Entra, AD, Teams…). */
  private static final Pattern ORG_PREFIX =
      Pattern.compile(
          "^(?:Mg|AzureAD|AzAD|Msol|AD[A-Z]|Entra|Cs[A-Z]|SPO|PnP|EXO|Team|GS[A-Z]|Okta)");

  /** The organisation's nouns of Exchange Online and the compliance centre. */
  private static final Pattern ORG_NOUN =
      Pattern.compile(
          "(?i)Mailbox|Recipient|DistributionGroup|UnifiedGroup|TransportRule|InboxRule|JournalRule"
              + "|Retention|Compliance|Dlp|SensitivityLabel|Hold|RoleGroup|ManagementRole"
              + "|RoleAssignment|OrganizationConfig|AcceptedDomain|RemoteDomain|Connector"
              + "|ContentFilter|AntiPhish|SafeLinks|SafeAttachment|MalwareFilter|Quarantine"
              + "|AuthenticationPolicy|MailUser|MailContact|CalendarProcessing|ActiveSyncDevice"
              + "|MobileDevice|AuditLog|AuditConfig|SharingPolicy|ConditionalAccess");

  /** The nouns that are an organisation's policy or rule: turned off, every employee is. */
  private static final Pattern POLICY_NOUN =
      Pattern.compile(
          "(?i)Polic|Rule|Retention|Compliance|Hold|Dlp|Label|OrganizationConfig|Connector"
              + "|ConditionalAccess|AuditLog|AuditConfig|Domain|Federation|Authentication");

  /** The nouns of an administrator's role: a member added is an administrator made. */
  private static final Pattern ADMIN_GRANT =
      Pattern.compile(
          "(?i)^(?:add|new)-(?:RoleGroupMember|ManagementRoleAssignment|MgDirectoryRoleMember"
              + "|MgRoleManagementDirectoryRoleAssignment|AzureADDirectoryRoleMember"
              + "|MsolRoleMember|ADGroupMember|MgDirectoryRoleMemberByRef)\\b.{0,400}?"
              + "(?:Admin|Organization Management|Global|Privileged|62e90394|Compliance Management)");

  /** The parameters that divert mail elsewhere or turn an account or a policy off. */
  private static final Pattern DIVERTS_OR_OFF =
      Pattern.compile(
          "(?i)-(?:ForwardingSmtpAddress|ForwardingAddress|DeliverToMailboxAndForward|BlindCopyTo"
              + "|RedirectMessageTo|RedirectTo|ForwardTo|ForwardAsAttachmentTo|AddToRecipients"
              + "|CopyTo)\\b"
              + "|-(?:AccountEnabled|Enabled|IsEnabled)(?::\\s*|\\s+)\\$false"
              + "|-(?:BlockCredential|AccountDisabled)(?::\\s*|\\s+)\\$true"
              + "|-State\\s+['\"]?Disabled|-DeleteContent\\b|-Purge\\b|-PurgeType\\b");

  /**
   * The parameters with which a cmdlet of any verb deletes what it finds (decision 299: {@code
   * Search-Mailbox -SearchQuery … -DeleteContent -Force}).
   */
  private static final Pattern PURGES = Pattern.compile("(?i)\\s-(?:DeleteContent|Purge)\\b");

  /** What reaches many: a pipeline, a loop, every object, a wildcard, a filter. */
  private static final Pattern MANY =
      Pattern.compile(
          "(?i)-All\\b|-ResultSize\\s+Unlimited|-Filter\\b|-Identity\\s+['\"]?\\*|ForEach|%\\s*\\{"
              + "|\\bforeach\\s*\\(");

  /**
   * What the code of a PowerShell program does to the organisation.
   *
   * @param scan the call, whose other programs may write the script it runs
   * @param step the {@code pwsh} or {@code powershell} program
   * @return the strongest effect of its cmdlets
   */
  static OrgEffect of(Scan scan, Step step) {
    // Read once a program of the call: two rules ask of the same program.
    Map<Step, OrgEffect> read = scan.once("PowerShellAdmin", s -> new IdentityHashMap<>());
    OrgEffect effect = read.get(step);
    if (effect == null) {
      String code = code(scan, step);
      effect = code == null ? OrgEffect.NONE : ofCode(code);
      read.put(step, effect);
    }
    return effect;
  }

  /**
   * What PowerShell code does to the organisation.
   *
   * @param code the code
   * @return the strongest effect of its cmdlets
   */
  static OrgEffect ofCode(String code) {
    if (code.length() > MAX_CODE) {
      return OrgEffect.NONE;
    }
    OrgEffect strongest = OrgEffect.NONE;
    Matcher cmdlet = CMDLET.matcher(unquoted(code));
    while (cmdlet.find()) {
      String verb = cmdlet.group(1).toLowerCase(Locale.ROOT);
      boolean destroys = DESTROYS.contains(verb);
      String noun = cmdlet.group(2);
      if (!PatternLiterals.finds(ORG_PREFIX, noun) && !PatternLiterals.finds(ORG_NOUN, noun)) {
        continue;
      }
      String statement = statement(code, cmdlet.start(), cmdlet.end());
      if (!destroys && !CHANGES.contains(verb)) {
        if (PatternLiterals.finds(PURGES, statement)) {
          return OrgEffect.DESTROY; // Search-Mailbox … -DeleteContent: a search that deletes
        }
        continue;
      }
      String before = pipelineBefore(code, cmdlet.start());
      boolean many = PatternLiterals.finds(MANY, statement) || PatternLiterals.finds(MANY, before);
      boolean policy = PatternLiterals.finds(POLICY_NOUN, noun);
      OrgEffect effect;
      if (PatternLiterals.finds(ADMIN_GRANT, statement)) {
        effect = OrgEffect.DESTROY;
      } else if (destroys) {
        effect = DELETES.contains(verb) || many || policy ? OrgEffect.DESTROY : OrgEffect.CHANGE;
      } else if (PatternLiterals.finds(DIVERTS_OR_OFF, statement)) {
        boolean diverts = !statement.toLowerCase(Locale.ROOT).contains("$false");
        effect = diverts || many || policy ? OrgEffect.DESTROY : OrgEffect.CHANGE;
      } else {
        effect = OrgEffect.CHANGE;
      }
      if (effect.compareTo(strongest) > 0) {
        strongest = effect;
      }
      if (strongest == OrgEffect.DESTROY) {
        break; // nothing stronger: the rest is not read
      }
    }
    return strongest;
  }

  /**
   * The code with its strings' contents blanked, the same length: a cmdlet's name in a string
   * ({@code Write-Host 'Set-Mailbox is the cmdlet'}) is no call.
   */
  private static String unquoted(String code) {
    char[] text = code.toCharArray();
    char quote = 0;
    for (int i = 0; i < text.length; i++) {
      char c = text[i];
      if (quote == 0) {
        if (c == '\'' || c == '"') {
          quote = c;
        }
      } else if (c == quote) {
        quote = 0;
      } else {
        text[i] = ' ';
      }
    }
    return new String(text);
  }

  /** The cmdlet's own words: up to the end of its statement or pipeline stage. */
  private static String statement(String code, int start, int end) {
    int stop = end;
    int depth = 0;
    while (stop < code.length() && stop - end < STATEMENT) {
      char c = code.charAt(stop);
      if (c == '{' || c == '(') {
        depth++;
      } else if (c == '}' || c == ')') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if (depth == 0 && (c == ';' || c == '|' || c == '\n')) {
        break;
      }
      stop++;
    }
    return code.substring(start, stop);
  }

  /** What comes before the cmdlet in its pipeline, back to the statement's start. */
  private static String pipelineBefore(String code, int start) {
    int from = start;
    while (from > 0 && start - from < STATEMENT) {
      char c = code.charAt(from - 1);
      if (c == ';' || c == '\n') {
        break;
      }
      from--;
    }
    return code.substring(from, start);
  }

  /** The code a PowerShell program runs, or null when it runs none the guard can read. */
  static String code(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String option = args.get(i).text().toLowerCase(Locale.ROOT);
      if (!option.startsWith("-") && !option.startsWith("/")) {
        // The first word not an option is a script's path (pwsh ./x.ps1) or the command itself.
        return option.endsWith(".ps1") ? written(scan, args.get(i).text()) : joined(args, i);
      }
      String name = option.replaceFirst("^[-/]+", "");
      if (name.equals("c") || name.length() >= 3 && "command".startsWith(name)) {
        return joined(args, i + 1);
      }
      if (name.equals("e")
          || name.equals("ec")
          || name.length() >= 3 && "encodedcommand".startsWith(name)) {
        return i + 1 < args.size() ? decoded(args.get(i + 1).text()) : null;
      }
      if (name.equals("f") || name.equals("file")) {
        return i + 1 < args.size() ? written(scan, args.get(i + 1).text()) : null;
      }
      if (TAKES_VALUE.contains(name) && i + 1 < args.size()) {
        i++;
      }
    }
    return null;
  }

  /** pwsh's options that take a value. */
  private static final Set<String> TAKES_VALUE =
      NameSet.of(
          "executionpolicy",
          "ex",
          "ep",
          "inputformat",
          "if",
          "outputformat",
          "of",
          "o",
          "workingdirectory",
          "wd",
          "windowstyle",
          "w",
          "configurationname",
          "settingsfile",
          "custompipename",
          "version",
          "v",
          "psconsolefile");

  private static String joined(List<Word> args, int from) {
    StringBuilder text = new StringBuilder();
    for (int i = from; i < args.size() && text.length() < MAX_CODE; i++) {
      text.append(i > from ? " " : "").append(args.get(i).text());
    }
    return text.toString();
  }

  /** {@code -EncodedCommand}'s base64 of UTF-16LE text, or null. */
  private static String decoded(String encoded) {
    if (encoded.length() > MAX_CODE * 2) {
      return null;
    }
    try {
      return new String(Base64.getDecoder().decode(encoded.strip()), StandardCharsets.UTF_16LE);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The text a program of the same call writes to {@code path} ({@code printf '…' > x.ps1}, a
   * here-document to {@code cat > x.ps1}), or null.
   */
  private static String written(Scan scan, String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    for (Step other : scan.steps()) {
      for (Redirect redirect : other.invocation().redirects()) {
        String target = redirect.target() == null ? "" : redirect.target().text();
        if (!redirect.writes() || !target.endsWith(name)) {
          continue;
        }
        if (redirect.body() != null) {
          return redirect.body();
        }
        for (Redirect in : other.invocation().redirects()) {
          if (in.body() != null) {
            return in.body();
          }
        }
        String text = joined(other.args(), 0);
        return other.program().equals("printf") ? text.replace("\\n", "\n") : text;
      }
    }
    return null;
  }
}
