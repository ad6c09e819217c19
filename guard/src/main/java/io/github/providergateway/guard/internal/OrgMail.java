package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The organisation's mail server, mail in another's name, its certificates and its password vault
 * (issue 80, decision 99): the mail queue or mailboxes purged ({@code mail-server-destroys}),
 * another's mailbox read ({@code reads-others-mailbox}), mail sent from an address that is not the
 * person's to many or as an executive ({@code mail-as-other}), a certificate revoked ({@code
 * pki-revokes}), a vault exported ({@code vault-exports}), GAM's administrator key named ({@code
 * names-admin-key}), code that acts as an employee through a service account's domain-wide
 * delegation ({@code code-acts-as-employee}), a device's settings written over SNMP ({@code
 * snmp-sets-elsewhere}).
 */
final class OrgMail {
  private OrgMail() {}

  /** The predicates by name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("mail-server-destroys", (scan, step, read) -> mailServerDestroys(step));
    named.put("reads-others-mailbox", (scan, step, read) -> readsOthersMailbox(step));
    named.put(
        "mail-as-other", (scan, step, read) -> mailAsOther(step) || codeMailsAsOther(scan, step));
    named.put("pki-revokes", (scan, step, read) -> pkiRevokes(step));
    named.put("vault-exports", OrgMail::vaultExports);
    named.put("names-admin-key", (scan, step, read) -> namesAdminKey(step));
    named.put("code-acts-as-employee", (scan, step, read) -> actsAsEmployee(step));
    named.put("snmp-sets-elsewhere", (scan, step, read) -> snmpSetsElsewhere(step));
  }

  private static String arg(List<Word> args, int index) {
    return index < args.size() ? args.get(index).text() : "";
  }

  private static boolean has(List<Word> args, String... words) {
    for (Word word : args) {
      for (String w : words) {
        if (word.text().equals(w)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The first positional of doveadm, its global options aside. */
  private static int doveadmCommand(List<Word> args) {
    int i = 0;
    while (i < args.size() && args.get(i).text().startsWith("-")) {
      String option = args.get(i).text();
      i += option.equals("-c") || option.equals("-o") ? 2 : 1;
    }
    return i;
  }

  private static boolean mailServerDestroys(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "postsuper" -> {
        for (Word word : args) {
          if (word.text().startsWith("-")
              && !word.text().startsWith("--")
              && word.text().indexOf('d') > 0) {
            return true;
          }
        }
        return false;
      }
      case "exim", "exim4" -> {
        return has(args, "-Mrm", "-Mg", "-Mar");
      }
      case "doveadm" -> {
        int i = doveadmCommand(args);
        String command = arg(args, i);
        return command.equals("expunge")
            || command.equals("purge") && (has(args, "-A") || has(args, "-u") || has(args, "-F"))
            || command.equals("mailbox") && arg(args, i + 1).equals("delete")
            || command.equals("obox") && arg(args, i + 1).equals("delete");
      }
      default -> {
        return false;
      }
    }
  }

  private static boolean readsOthersMailbox(Step step) {
    if (GAMS.contains(step.program())) {
      return gamReadsMail(step.args());
    }
    if (!step.program().equals("doveadm")) {
      return false;
    }
    List<Word> args = step.args();
    int i = doveadmCommand(args);
    String command = arg(args, i);
    return (command.equals("fetch") || command.equals("dump") || command.equals("backup"))
        && has(args, "-u", "-A", "-F");
  }

  /** GAM's names. */
  private static final Set<String> GAMS = NameSet.of("gam", "gam7", "gamadv-xtd3");

  /** What GAM reads of a mailbox: its messages and threads. */
  private static final Set<String> MAIL_ITEMS =
      NameSet.of("messages", "message", "threads", "thread");

  /**
   * Whether GAM reads another's mail (round 61: {@code gam user kpatel@x print messages query
   * 'label:Safeguarding' showbody}): a user, group, unit or everyone named, then {@code print} or
   * {@code show} of their messages or threads with their bodies or attachments, or their {@code
   * export}; their headers alone (a phish searched for across users) and a count are not read.
   */
  private static boolean gamReadsMail(List<Word> args) {
    boolean someone = false;
    for (int i = 0; i + 1 < args.size() && i < 16; i++) {
      String word = args.get(i).text().toLowerCase(Locale.ROOT);
      someone |= GAM_WHOSE.contains(word);
      if (someone
          && GAM_MAIL_READS.contains(word)
          && MAIL_ITEMS.contains(args.get(i + 1).text().toLowerCase(Locale.ROOT))) {
        return !word.equals("export") && !word.equals("get")
            ? has(args, "showbody", "showattachments", "saveattachments")
            : !has(args, "countsonly", "countonly");
      }
    }
    return false;
  }

  /** GAM's words that name whose data a command works on. */
  private static final Set<String> GAM_WHOSE =
      NameSet.of("user", "users", "group", "ou", "ou_and_children", "all", "file", "csv");

  /** GAM's verbs that read messages out. */
  private static final Set<String> GAM_MAIL_READS = NameSet.of("print", "show", "export", "get");

  // Mail in another's name: a From whose mailbox is an executive's or a role's, or one From to
  // many, through a server that is not this machine's (a local catcher: MailHog, Mailpit).

  private static final Set<String> SENDERS =
      NameSet.of("swaks", "sendmail", "msmtp", "ssmtp", "mailx", "mail", "s-nail");

  private static final Pattern EXECUTIVE =
      Pattern.compile(
          "(?i)^(?:ceo|cfo|coo|cto|ciso|cio|president|founder|owner|chairman|director|payroll"
              + "|hr|finance|accounting|billing|security|it|helpdesk|it-support|legal"
              + "|treasury|board)[@]");

  /** A From that is a program's own, not a person's: a build's, an alert's, a no-reply. */
  private static final Pattern AUTOMATION =
      Pattern.compile(
          "^(?:no-?reply|do-?not-?reply|ci|build|builds|alerts?|notifications?|bot|jenkins"
              + "|github-actions|monitoring|cron|reports?)[@+]");

  private static final Pattern MANY =
      Pattern.compile(
          "(?i)[,;]|^(?:all|all-?staff|all-?hands|everyone|staff|employees|company|team|allusers"
              + "|all-?employees|everybody)@");

  static final Pattern LOCAL_SERVER =
      Pattern.compile(
          "(?i)^(?:localhost|127\\.[0-9.]+|\\[?::1\\]?|mailhog|mailpit|maildev|smtp4dev"
              + "|mailcatcher|mailcrab|inbucket)(?::\\d+)?$|:1025$|mailtrap\\.io(?::\\d+)?$"
              + "|^smtp\\.ethereal\\.email(?::\\d+)?$");

  private static boolean mailAsOther(Step step) {
    String program = step.program();
    if (!SENDERS.contains(program)) {
      return false;
    }
    List<Word> args = step.args();
    String from = null;
    String server = null;
    boolean many = false;
    int recipients = 0;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      String next = arg(args, i + 1);
      boolean swaks = program.equals("swaks");
      boolean mailx = program.startsWith("mail") || program.equals("s-nail");
      if (swaks && (word.equals("--from") || word.equals("-f"))
          || mailx && word.equals("-r")
          || !swaks
              && !mailx
              && (word.equals("-f") || word.equals("-r") || word.equals("--from"))) {
        from = next;
        i++;
      } else if (word.startsWith("--from=")
          || !swaks && !mailx && word.startsWith("-f") && word.length() > 2) {
        from = word.substring(word.startsWith("--from=") ? 7 : 2);
      } else if (swaks && (word.equals("--server") || word.equals("-s"))) {
        server = next;
        i++;
      } else if (swaks && (word.equals("--to") || word.equals("-t"))) {
        many |= PatternLiterals.finds(MANY, next);
        recipients++;
        i++;
      } else if (!word.startsWith("-") && word.contains("@")) {
        many |= PatternLiterals.finds(MANY, word);
        recipients++;
      }
    }
    if (from == null || server != null && PatternLiterals.finds(LOCAL_SERVER, server)) {
      return false;
    }
    String address = from.replaceAll(".*<([^>]*)>.*", "$1").toLowerCase(Locale.ROOT);
    return PatternLiterals.finds(EXECUTIVE, address)
        || (many || recipients > 3) && !PatternLiterals.finds(AUTOMATION, address);
  }

  private static boolean pkiRevokes(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "easyrsa", "easyrsa.sh", "easy-rsa" ->
          has(args, "revoke", "revoke-issued", "revoke-renewed");
      case "openssl" ->
          arg(args, 0).equals("ca")
              && (has(args, "-revoke") || has(args, "-gencrl") && has(args, "-crl_reason"));
      case "step" -> arg(args, 0).equals("ca") && arg(args, 1).equals("revoke");
      case "cfssl" -> arg(args, 0).equals("revoke");
      default -> false;
    };
  }

  private static final Pattern LOOP =
      Pattern.compile("\\b(?:for|while|until)\\b[^;]{0,400};\\s*do\\b");

  private static boolean vaultExports(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "bw", "lpass", "keepassxc-cli", "gopass", "rbw" -> arg(args, 0).equals("export");
      case "op" ->
          arg(args, 0).equals("item")
              && arg(args, 1).equals("get")
              && has(args, "--reveal")
              && (step.reachedBy("xargs")
                  || scan.source().length() < 64 * 1024
                      && PatternLiterals.finds(LOOP, scan.source()));
      default -> false;
    };
  }

  /** GAM's administrator key and token, as code or an upload names them. */
  private static final Pattern ADMIN_KEY =
      Pattern.compile(
          "\\.(?:config/)?gam/(?:oauth2service\\.json|oauth2\\.txt|client_secrets\\.json)");

  private static boolean namesAdminKey(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 64 * 1024
          && text.contains("gam/")
          && PatternLiterals.finds(ADMIN_KEY, text)) {
        return true;
      }
    }
    return false;
  }

  /** A service account's credentials made to act as a user of the domain (its subject). */
  private static final Pattern DELEGATES =
      Pattern.compile(
          "with_subject\\s*\\(|\\bsubject\\s*[=:]\\s*f?['\"`][^'\"`\\n]{1,200}@"
              + "|\\.createDelegated\\s*\\(|setServiceAccountUser\\s*\\(");

  /** What the delegated credentials are then made to do: a call that writes, sends or deletes. */
  private static final Pattern ACTS =
      Pattern.compile(
          "\\.(?:create|insert|update|patch|delete|trash|send|modify|batchDelete|batchModify"
              + "|watch|import_|move|emptyTrash|untrash|stop)\\s*\\(");

  private static boolean actsAsEmployee(Step step) {
    if (!step.interpreter()) {
      return false;
    }
    String code = InterpreterCode.of(step);
    if (code == null) {
      for (var redirect : step.invocation().redirects()) {
        code = redirect.body() != null ? redirect.body() : code;
      }
    }
    if (code == null
        || code.length() > 64 * 1024
        || !(code.contains("service_account")
            || code.contains("ServiceAccount")
            || code.contains("client_email") && code.contains("private_key"))) {
      return false;
    }
    return PatternLiterals.finds(DELEGATES, code) && PatternLiterals.finds(ACTS, code);
  }

  /**
   * PowerShell's {@code Send-MailMessage} or inline code's SMTP ({@code smtplib}, nodemailer) with
   * a From an executive's or a role's, or one From to many, through a server not this machine's.
   */
  private static boolean codeMailsAsOther(Scan scan, Step step) {
    String program = step.program();
    String code;
    if (program.startsWith("pwsh") || program.startsWith("powershell")) {
      code = PowerShellAdmin.code(scan, step);
    } else if (step.interpreter()) {
      code = InterpreterCode.of(step);
    } else {
      return false;
    }
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    if (!(code.contains("Send-MailMessage")
        || code.contains("smtplib")
        || code.contains("nodemailer")
        || code.contains("Net::SMTP"))) {
      return false; // most code sends no mail: no pattern is tried
    }
    Matcher from = CODE_FROM.matcher(code);
    if (!from.find()) {
      return false;
    }
    Matcher server = CODE_SERVER.matcher(code);
    if (server.find() && PatternLiterals.finds(LOCAL_SERVER, server.group(1))) {
      return false;
    }
    Matcher to = CODE_TO.matcher(code);
    boolean many = to.find() && PatternLiterals.finds(MANY, to.group(1));
    return PatternLiterals.finds(EXECUTIVE, from.group(1).toLowerCase(Locale.ROOT)) || many;
  }

  /** The From of code's mail: -From, sendmail('x', …), from: 'x', msg['From'] = 'x'. */
  private static final Pattern CODE_FROM =
      Pattern.compile(
          "(?i)(?:-From\\s+|sendmail\\s*\\(\\s*|\\bfrom\\s*:\\s*|\\[\\s*['\"]From['\"]\\s*]\\s*=\\s*)"
              + "['\"]?([A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,200})");

  /** The recipients of code's mail. */
  private static final Pattern CODE_TO =
      Pattern.compile(
          "(?i)(?:-To\\s+|sendmail\\s*\\(\\s*['\"][^'\"]{1,200}['\"]\\s*,\\s*\\[?|\\bto\\s*:\\s*"
              + "|\\[\\s*['\"]To['\"]\\s*]\\s*=\\s*)['\"]?([^'\"\\]\\n]{1,400})");

  /** The server of code's mail. */
  private static final Pattern CODE_SERVER =
      Pattern.compile(
          "(?i)(?:-SmtpServer\\s+|SMTP(?:_SSL)?\\s*\\(\\s*|\\bhost\\s*:\\s*)['\"]?([A-Za-z0-9.:\\[\\]-]{1,200})");

  /** snmpset's options that take a value. */
  private static final Set<String> SNMP_VALUES =
      NameSet.of(
          "-v", "-c", "-u", "-l", "-a", "-A", "-x", "-X", "-r", "-t", "-m", "-M", "-O", "-n", "-e",
          "-E", "-Z", "-I", "-L", "-C", "-D", "-y", "-Y", "-T");

  /** snmpset whose agent (its first positional) is not this machine. */
  private static boolean snmpSetsElsewhere(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (SNMP_VALUES.contains(word)) {
        i++;
      } else if (!word.startsWith("-")) {
        String host = word.replaceFirst("^(?:udp6?|tcp6?):", "").replaceFirst(":\\d+$", "");
        return !Hosts.loopback(host);
      }
    }
    return false;
  }
}
