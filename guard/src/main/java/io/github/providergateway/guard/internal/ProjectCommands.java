package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The project's own admin command lines (issue 80 round 6, decision 105): a tool the project ships
 * and runs by its path ({@code ./bin/acme-admin staff:grant}, {@code scripts/support.py
 * user:update}) or a framework's task ({@code rake}, {@code rails}, {@code artisan}, {@code
 * manage.py}, Symfony's {@code bin/console}) read by its command words, in the forms admin tools
 * write them: {@code noun:verb} ({@code billing:set-plan}), {@code verb-noun} and {@code verb_noun}
 * ({@code grant_superuser}, {@code transfer-ownership}). Decision 98 leaves a program run by its
 * path unread, as its verbs are the project's; an admin tool's verbs are the few an account's
 * support acts by: a grant, a transfer of ownership, acting as a customer, a plan or a price set, a
 * refund or a credit, a second factor taken away; and an identity's change (an e-mail, an owner)
 * that skips its verification. A framework's task counts only in production (in development it is
 * the developer's own data); a read ({@code list}, {@code show}), a dry run, and a tool told it
 * works on development, test or staging count never.
 *
 * <p>Cost: a program neither run by its path nor a framework's task runner is one lookup; another
 * is read over its first {@value #SCAN} words.
 */
final class ProjectCommands {
  private ProjectCommands() {}

  /** How many of a program's first words are read for its command words. */
  static final int SCAN = 10;

  /** How many command words are read. */
  private static final int DEPTH = 3;

  /** A framework's task runners, run by their names or their paths ({@code bin/rails}). */
  private static final Set<String> FRAMEWORKS =
      NameSet.of(
          "rake",
          "rails",
          "artisan",
          "manage.py",
          "django-admin",
          "console",
          "thor",
          "mix",
          "drush");

  /** The interpreters whose first argument is the framework's script ({@code php artisan}). */
  private static final Set<String> HOSTS =
      NameSet.of(
          "python", "python3", "php", "bundle", "ruby", "node", "bun", "deno", "tsx", "ts-node",
          "perl", "bash", "sh", "zsh");

  /**
   * Programs run by a path that are a build's, not an admin tool's ({@code ./gradlew
   * grantPermissions} is a build task).
   */
  private static final Set<String> BUILDS =
      NameSet.of("gradlew", "mvnw", "configure", "bootstrap", "setup", "dev", "test", "build");

  /**
   * The verbs an admin tool acts on accounts by, each a word's parts in order: {@code set plan} of
   * {@code set-plan}, {@code set_plan}, {@code setPlan}.
   */
  private static final List<List<String>> ACTS =
      phrases(
          "grant",
          "impersonate",
          "masquerade",
          "login as",
          "log in as",
          "sign in as",
          "transfer",
          "reassign",
          "set owner",
          "change owner",
          "promote",
          "elevate",
          "make admin",
          "make superuser",
          "add admin",
          "add superuser",
          "set role",
          "assign role",
          "add role",
          "set plan",
          "change plan",
          "set price",
          "set tier",
          "upgrade plan",
          "comp",
          "refund",
          "credit",
          "payout",
          "waive",
          "write off",
          "disable mfa",
          "reset mfa",
          "remove mfa",
          "disable 2fa",
          "reset 2fa",
          "remove 2fa",
          "mfa disable",
          "mfa reset",
          "2fa disable",
          "2fa reset");

  /** An identity's nouns: a change of one that skips its checks acts on an account. */
  private static final Set<String> IDENTITIES =
      NameSet.of(
          "user",
          "users",
          "account",
          "accounts",
          "email",
          "owner",
          "owners",
          "member",
          "members",
          "login",
          "identity",
          "password",
          "staff",
          "admin",
          "admins",
          "customer",
          "customers",
          "mfa",
          "2fa",
          "phone",
          "org",
          "workspace",
          "tenant");

  /** The options by which a change skips an identity's checks (a prefix of the option). */
  private static final List<String> SKIPS =
      List.of(
          "--skip-verif",
          "--no-verif",
          "--skip-confirm",
          "--no-confirm",
          "--skip-notif",
          "--no-notif",
          "--skip-email",
          "--no-email",
          "--skip-mfa",
          "--skip-2fa",
          "--no-mfa",
          "--bypass",
          "--unverified",
          "--force");

  /**
   * A run that only shows what it would do, or helps. Not the lexicon's {@code unless}: its {@code
   * --plan} is a plan's name to a billing tool.
   */
  private static final Set<String> DRY =
      NameSet.of(
          "--dry-run", "--dryrun", "--noop", "--no-op", "--what-if", "--preview", "--help", "-h");

  /** What a tool works on when it is told development, test or staging. */
  private static final Set<String> NOT_LIVE =
      NameSet.of(
          "development",
          "dev",
          "test",
          "testing",
          "local",
          "staging",
          "stage",
          "sandbox",
          "qa",
          "ci");

  /** The options that say so. */
  private static final Set<String> ENVIRONMENT_OPTIONS =
      NameSet.of("-e", "--env", "--environment", "--stage", "--context", "--profile", "--target");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("project-admin-acts", (scan, step, read) -> acts(scan, step) != null);
  }

  /**
   * {@return what the project's admin command line does to an account, as the reason shows it
   * ({@code staff:grant}), or null}
   */
  static String acts(Scan scan, Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return null;
    }
    String program = step.program();
    boolean byPath = ownPath(scan, words.get(0).text());
    int from = 1;
    boolean framework = FRAMEWORKS.contains(program);
    if (!framework && HOSTS.contains(program) && words.size() > 1) {
      String script = words.get(1).text();
      String name = script.substring(script.lastIndexOf('/') + 1);
      if (program.equals("bundle") && name.equals("exec") && words.size() > 2) {
        name = words.get(2).text().substring(words.get(2).text().lastIndexOf('/') + 1);
        from++;
      }
      framework = FRAMEWORKS.contains(name);
      byPath = !framework && !program.equals("bundle") && ownPath(scan, script);
      from++;
    }
    if (!framework && !byPath && from == 1 && ActingVerbs.unknown(step)) {
      byPath = true; // an admin tool on the PATH (acme-admin), which decision 98 reads as a service
    }
    if (!framework && (!byPath || BUILDS.contains(program))) {
      return null; // most programs: a few lookups
    }
    String script = words.get(from - 1).text();
    script = script.substring(script.lastIndexOf('/') + 1);
    if (script.lastIndexOf('.') > 0) {
      script = script.substring(0, script.lastIndexOf('.'));
    }
    // A script named for what it does (send_reminders.py, refund-orders.sh) acts as its option
    // would.
    String acting = framework ? null : acting("--" + script.toLowerCase(Locale.ROOT));
    List<String> commands = new ArrayList<>(DEPTH);
    boolean skips = false;
    boolean everyone = false; // an option that names everyone (--all, --all-patients)
    boolean afterOption = false; // the word before was an option that may take this as its value
    boolean ended = false; // the command words are over: an option or a resource came after them
    for (int i = from; i < words.size() && i < from + SCAN; i++) {
      Word word = words.get(i);
      String text = word.text();
      String lower = text.toLowerCase(Locale.ROOT);
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-")) {
        if (unless(lower) || notLive(words, i, lower)) {
          return null;
        }
        skips |= skipsChecks(lower);
        String own = acting(lower);
        if (own != null && acting == null) {
          acting = own;
        }
        everyone |= everyone(lower);
        afterOption = text.indexOf('=') < 0;
        ended = !commands.isEmpty();
        continue;
      }
      boolean value = commands.isEmpty() && afterOption && text.indexOf(':') < 0;
      afterOption = false;
      if (!ended && !value && commands.size() < DEPTH && commandWord(text)) {
        commands.add(text.indexOf('[') > 0 ? text.substring(0, text.indexOf('[')) : text);
      } else if (!commands.isEmpty()) {
        ended = true; // the resource the verb acts on (a user's id)
      }
    }
    for (int i = from + SCAN; i < words.size(); i++) {
      String lower = words.get(i).text().toLowerCase(Locale.ROOT);
      if (unless(lower)) {
        return null; // a dry run given last, past the words read for commands (decision 230)
      }
      skips |= skipsChecks(lower);
    }
    String found = verb(commands, skips);
    if (found != null) {
      // A framework's task acts on the developer's own data unless production or everyone is named.
      return framework && !everyone && !Environments.production(scan, step) ? null : found;
    }
    if (acting == null) {
      return null;
    }
    boolean production = Environments.production(scan, step);
    // Sent, refunded, deleted for everyone: asked wherever; applied or executed: in production.
    return production || everyone && AUDIENCE.contains(ServiceVerbs.split(acting).get(0))
        ? "--" + acting
        : null;
  }

  /**
   * The options by which a project's script acts rather than shows what it would do, by their first
   * part ({@code --send}, {@code --send-now}, {@code --apply}); {@code --no-dry-run}.
   */
  private static final Set<String> ACTING_OPTIONS =
      NameSet.of(
          "send",
          "notify",
          "email",
          "sms",
          "refund",
          "credit",
          "grant",
          "transfer",
          "charge",
          "pay",
          "payout",
          "post",
          "delete",
          "purge",
          "wipe",
          "drop",
          "truncate",
          "revoke",
          "disable",
          "impersonate",
          "apply",
          "execute",
          "exec",
          "commit",
          "live");

  /** The acts that reach people or money, asked when done to everyone outside production too. */
  private static final Set<String> AUDIENCE =
      NameSet.of(
          "send", "notify", "email", "sms", "refund", "credit", "grant", "charge", "pay", "payout",
          "revoke", "disable");

  /** The option's name if it acts, else null. */
  private static String acting(String option) {
    if (option.equals("--no-dry-run") || option.startsWith("--dry-run=false")) {
      return "no-dry-run";
    }
    if (!option.startsWith("--") || option.length() < 4) {
      return null;
    }
    int eq = option.indexOf('=');
    String name = option.substring(2, eq > 0 ? eq : option.length());
    List<String> parts = ServiceVerbs.split(name);
    if (parts.size() > 1 && DESCRIBING.contains(parts.get(parts.size() - 1))) {
      return null; // --post_type=liveblog, --email-format=html: a setting of what is shown
    }
    return !parts.isEmpty() && ACTING_OPTIONS.contains(parts.get(0)) ? name : null;
  }

  /**
   * The last parts of an option's name that make it a setting of what the command shows or picks,
   * not an act: WordPress's {@code --post_type}, {@code --post_status} (decision 183).
   */
  private static final Set<String> DESCRIBING =
      NameSet.of(
          "type",
          "types",
          "status",
          "statuses",
          "id",
          "ids",
          "date",
          "name",
          "format",
          "title",
          "field",
          "fields",
          "limit",
          "order",
          "orderby",
          "sort",
          "page",
          "count");

  /** {@code --all}, {@code --all-patients}, {@code --everyone}: the act is done to everyone. */
  private static boolean everyone(String option) {
    return option.equals("--all")
        || option.startsWith("--all-")
        || option.startsWith("--all_")
        || option.equals("--everyone")
        || option.startsWith("--every-");
  }

  /**
   * Whether a program's or a script's path is the project's: a relative one ({@code ./bin/x},
   * {@code scripts/x.py}), or one inside the project; not {@code /opt/kafka/bin/…}, an installed
   * tool's.
   */
  private static boolean ownPath(Scan scan, String path) {
    if (path.indexOf('/') < 0 || path.startsWith("~") || path.startsWith("$")) {
      return false;
    }
    if (!path.startsWith("/")) {
      return true;
    }
    java.nio.file.Path project = scan.call().project();
    return project != null && path.startsWith(project.toString() + "/");
  }

  /** The command word that acts, or null: a read among them makes none. */
  private static String verb(List<String> commands, boolean skips) {
    List<List<String>> segments = new ArrayList<>();
    for (String command : commands) {
      for (String segment : command.split("[:.]")) {
        List<String> parts = ServiceVerbs.split(segment);
        if (parts.isEmpty()) {
          continue;
        }
        if (ServiceLexicon.LEXICON.reads().contains(parts.get(0))) {
          return null; // staff:list, user show
        }
        segments.add(parts);
      }
    }
    boolean identity = false;
    boolean account = false;
    boolean changes = false;
    for (int i = 0; i < segments.size(); i++) {
      List<String> parts = segments.get(i);
      for (List<String> phrase : ACTS) {
        if (startsWith(parts, phrase)
            || phrase.size() > 1
                && i + 1 < segments.size()
                && parts.size() == 1
                && parts.get(0).equals(phrase.get(0))
                && startsWith(segments.get(i + 1), phrase.subList(1, phrase.size()))) {
          return String.join(":", commands);
        }
      }
      for (String part : parts) {
        identity |= IDENTITIES.contains(part);
        account |= IDENTITIES.contains(part) || ACCOUNT_THINGS.contains(part);
      }
      changes |= ACCOUNT_CHANGES.contains(parts.get(0));
    }
    return identity && skips || account && changes ? String.join(":", commands) : null;
  }

  /**
   * What a customer's account holds besides its identities: a verb of {@link #ACCOUNT_CHANGES} on
   * one acts on the customer ({@code subscription:cancel}, {@code org:delete}).
   */
  private static final Set<String> ACCOUNT_THINGS =
      NameSet.of(
          "subscription",
          "subscriptions",
          "invoice",
          "invoices",
          "order",
          "orders",
          "payment",
          "payments",
          "plan",
          "license",
          "licenses",
          "seat",
          "seats",
          "quota",
          "balance",
          "coupon",
          "credits",
          "tenants",
          "orgs",
          "organization",
          "organizations",
          "workspaces",
          "team",
          "teams",
          "session",
          "sessions",
          "token",
          "tokens",
          "apikey",
          "key",
          "keys",
          "kyc",
          "role",
          "roles",
          "permission",
          "permissions");

  /**
   * The verbs that change, end or unlock a customer's account, counted with an account's noun
   * beside them (a project's own {@code cache:clear} or {@code db:reset} is not a customer's).
   */
  private static final Set<String> ACCOUNT_CHANGES =
      NameSet.of(
          "delete",
          "destroy",
          "purge",
          "remove",
          "wipe",
          "erase",
          "anonymize",
          "anonymise",
          "merge",
          "cancel",
          "suspend",
          "ban",
          "unban",
          "disable",
          "deactivate",
          "lock",
          "unlock",
          "reset",
          "verify",
          "confirm",
          "approve",
          "override",
          "expire",
          "downgrade",
          "upgrade",
          "extend",
          "revoke",
          "restore",
          "reactivate",
          "activate");

  private static boolean startsWith(List<String> parts, List<String> phrase) {
    if (parts.size() < phrase.size()) {
      return false;
    }
    for (int i = 0; i < phrase.size(); i++) {
      if (!parts.get(i).equals(phrase.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean unless(String option) {
    return DRY.contains(option) || option.startsWith("--dry-run=") && !option.endsWith("=false");
  }

  /** {@code --env=staging}, {@code -e development}: the tool is told it works elsewhere. */
  private static boolean notLive(List<Word> words, int at, String option) {
    int eq = option.indexOf('=');
    String name = eq > 0 ? option.substring(0, eq) : option;
    if (!ENVIRONMENT_OPTIONS.contains(name)) {
      return false;
    }
    String value =
        eq > 0
            ? option.substring(eq + 1)
            : at + 1 < words.size() ? words.get(at + 1).text().toLowerCase(Locale.ROOT) : "";
    return NOT_LIVE.contains(value);
  }

  private static boolean skipsChecks(String option) {
    for (String skip : SKIPS) {
      if (option.startsWith(skip)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Letters, digits and {@code - _ : .}, a letter first; a rake task's {@code [args]} after (which
   * the parse reads as a glob: the word is taken as written).
   */
  private static boolean commandWord(String text) {
    if (text.isEmpty() || !Character.isLetter(text.charAt(0)) || text.length() > 64) {
      return false;
    }
    int end = text.indexOf('[') > 0 ? text.indexOf('[') : text.length();
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == ':' || c == '.')) {
        return false;
      }
    }
    return true;
  }

  private static List<List<String>> phrases(String... texts) {
    List<List<String>> phrases = new ArrayList<>();
    for (String text : texts) {
      phrases.add(List.of(text.split(" ")));
    }
    return List.copyOf(phrases);
  }
}
