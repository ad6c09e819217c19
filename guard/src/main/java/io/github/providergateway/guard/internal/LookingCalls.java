package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a call only looks, as the guard reads it: what a person's rule given {@code "acts": true}
 * lets through (decision 311). Round 57's people wrote rules for their own companies, blind to the
 * cases, and most of the ordinary calls those rules asked about were looks at what the rule named:
 * {@code kubectl --context acme-prod get pods}, {@code arn deploy status --env prod}, a {@code
 * SELECT} on production's warehouse, an MCP tool that lists forms. The guard already reads such
 * calls for its own rules; this lends the person the same reading.
 *
 * <p>A program looks when the guard reads its command words as a read ({@code get}, {@code status},
 * {@code show}, {@code logs}…) told nothing that acts ({@code --apply}, {@code --fix}, a go-ahead
 * set in its environment), when every statement a database client is given reads, when it runs dry,
 * or when it works on a test's, staging's or this machine's place; the text filters a look is piped
 * through ({@code grep}, {@code head}, {@code jq}…) look too. A read that carries what it reads
 * away ({@code export}, {@code download}, {@code dump}, {@code pull}, {@code print}, an {@code
 * --out} file) is not a look. A file read, a web page fetched with nothing in its query that acts,
 * and a server's tool named for a read ({@code list_forms}, {@code query} given a {@code SELECT})
 * look; an edit never does. What the guard cannot read is no look: the rule matches.
 */
final class LookingCalls {
  private LookingCalls() {}

  /**
   * Read words that act on the thing they name: {@code webhooks test} sends one, {@code
   * test-charge} charges, {@code ping} calls the endpoint.
   */
  private static final Set<String> NOT_LOOKS = NameSet.of("test", "ping");

  /** An option's first words that set what they name: {@code --set-email}, {@code --add-role}. */
  private static final Set<String> SETTING =
      NameSet.of("set", "add", "remove", "delete", "grant", "revoke", "assign", "unset");

  /** The read words that carry what they read out of the system read. */
  private static final Set<String> CARRIES =
      NameSet.of("export", "download", "dump", "pull", "print", "fetch", "copy", "sync");

  /** The long options' words that send a read's output somewhere: {@code --out trail.csv}. */
  private static final Set<String> OUTPUT_OPTIONS =
      NameSet.of("out", "output", "dest", "destination", "export", "upload", "to", "send");

  /** An output option's values that name a format, not a place: {@code --output yaml}. */
  private static final Set<String> FORMATS =
      NameSet.of(
          "json",
          "yaml",
          "yml",
          "wide",
          "table",
          "text",
          "txt",
          "plain",
          "csv",
          "tsv",
          "name",
          "raw",
          "pretty",
          "short",
          "long",
          "markdown",
          "md",
          "xml",
          "jsonl",
          "ndjson");

  /**
   * Programs that only filter or count the text piped to them, the shell's own steps around a look
   * ({@code cd}, {@code echo}), and those that only list or describe files and the machine ({@code
   * ls -l out/}, {@code du -sh}).
   */
  private static final Set<String> FILTERS =
      NameSet.of(
          "grep",
          "egrep",
          "fgrep",
          "rg",
          "head",
          "tail",
          "wc",
          "sort",
          "uniq",
          "cut",
          "jq",
          "column",
          "less",
          "more",
          "cat",
          "tr",
          "nl",
          "cd",
          "pushd",
          "popd",
          "echo",
          "printf",
          "true",
          "pwd",
          "date",
          "sleep",
          "ls",
          "stat",
          "file",
          "du",
          "df",
          "tree",
          "which",
          "whoami",
          "hostname",
          "uname",
          "id",
          "realpath",
          "basename",
          "dirname");

  /**
   * {@return whether every program of a shell call looks, or the call of another tool looks}
   *
   * @param scan the call as read
   */
  static boolean looks(Scan scan) {
    CallForRules call = scan.call();
    String tool = call == null ? "" : call.tool();
    if (tool.equals("shell")) {
      if (scan.steps().isEmpty() || !scan.opaque().isEmpty()) {
        return false;
      }
      for (Step step : scan.steps()) {
        if (!looks(scan, step)) {
          return false;
        }
      }
      return true;
    }
    String lower = tool.toLowerCase(Locale.ROOT);
    if (lower.equals("read") || lower.equals("websearch")) {
      return true;
    }
    if (FetchActs.fetchedUrl(scan) != null) {
      return FetchActs.found(scan) == null;
    }
    if (lower.equals("edit") || lower.equals("write") || lower.equals("multiedit")) {
      return false;
    }
    return toolNamedForRead(tool)
        && (call.args() == null || !ToolActs.sqlWrites(call.args()) && !argumentsAct(call.args()));
  }

  /**
   * {@return whether one program of a shell call looks}
   *
   * @param scan the call as read
   * @param step the program
   */
  static boolean looks(Scan scan, Step step) {
    List<Word> args = step.args();
    if (SharedActs.dryRun(args) || CallEnvironment.staysDry(scan, step) || testMode(args)) {
      return true; // a dry run's preview may go to a file
    }
    if (Output.savedToFile(step)) {
      return false; // kubectl … get secrets -o json > all-secrets.json carries them away
    }
    if (FILTERS.contains(step.program())) {
      return true;
    }
    if (ShapeWords.REMOTE_SHELLS.contains(step.program())) {
      return remoteCommandRead(scan, step);
    }
    if (SqlReadsOnly.reads(step)) {
      return !carries(args); // psql … -o /mnt/shared/users.csv
    }
    if (carries(args) || actingOption(args)) {
      return false; // > all-secrets.json, --out trail.csv, show … --capture (the red team of 311)
    }
    if (trialPlace(scan, step)) {
      return true;
    }
    return ProductionActs.reads(args)
        && !actsAfterRead(args)
        && !UnnamedToolActs.optionsAct(args)
        && !ProductionActs.committed(scan, args);
  }

  /**
   * A tool's test mode, a dry run by another name: Salt's {@code state.apply x test=True}, {@code
   * deskops apply --test}.
   */
  private static boolean testMode(List<Word> args) {
    for (Word word : args) {
      if (word.text().equalsIgnoreCase("test=true") || word.text().equals("--test")) {
        return true;
      }
    }
    return false;
  }

  /** The values that name a trial place. */
  private static final Set<String> TRIAL_VALUES =
      NameSet.of(
          "dev",
          "development",
          "test",
          "testing",
          "staging",
          "stage",
          "stg",
          "qa",
          "uat",
          "sandbox",
          "local");

  /** A variable named for the place that names a trial one: {@code KESTREL_ENV=dev kdata …}. */
  private static boolean placeVariable(Scan scan, Step step) {
    for (String token : CallEnvironment.assignmentsFor(scan, step)) {
      int eq = token.indexOf('=');
      String name = token.substring(0, eq).toUpperCase(java.util.Locale.ROOT);
      String value = token.substring(eq + 1).replace("\"", "").replace("'", "");
      if ((name.endsWith("ENV") || name.endsWith("ENVIRONMENT") || name.endsWith("STAGE"))
          && TRIAL_VALUES.contains(value.toLowerCase(java.util.Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the call names a test's or staging's place by an option or a variable that chooses it
   * ({@code --env staging}, {@code APP_ENV=test}) and production nowhere: a word that only sounds
   * like one ({@code debug}, {@code tmp/}, {@code preview}, a plan named {@code local-retail}) is
   * no place, and neither is {@code localhost}, which inside a production pod is the pod.
   */
  private static boolean trialPlace(Scan scan, Step step) {
    if (!ActingVerbs.stagedOrTested(step)
        && !CallEnvironment.givenTrialPlace(scan, step)
        && !placeVariable(scan, step)) {
      return false;
    }
    for (Word word : step.args()) {
      if (word.text().length() < 256 && Environments.namesProduction(word.text())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether an option's words act, whatever command it is given to: {@code show … --capture},
   * {@code jobs list --retry-failed}, {@code customers search … --set-email x}.
   */
  private static boolean actingOption(List<Word> args) {
    for (int i = 0; i < args.size() && i < 2 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      if (text.startsWith("--") && text.length() > 2 && text.length() < 64) {
        int eq = text.indexOf('=');
        String option = eq > 0 ? text.substring(2, eq) : text.substring(2);
        boolean flag = eq < 0 && (i + 1 == args.size() || args.get(i + 1).text().startsWith("-"));
        List<String> parts = ServiceVerbs.split(option);
        // --capture, --retry-failed: a flag that acts; --set-email x: a value set;
        // not --start-time 2024-06-01, a value that bounds a read
        if (flag && CodeLooks.acts(option) || SETTING.contains(parts.get(0))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a command word acts after the last one that reads: {@code cat submit} submits (CAT, a
   * regulator's audit trail, is the thing), {@code deploy status} reads. An option's value is
   * skipped, as a word with {@code =} or {@code /} in it (a filter, a path); a word the guard
   * cannot know is skipped too, since the reading of {@link ProductionActs#reads} has found a read.
   */
  private static boolean actsAfterRead(List<Word> args) {
    boolean actsAfter = false;
    boolean valueNext = false;
    for (int i = 0; i < args.size() && i < 2 * ShapeWords.SCAN; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (valueNext) {
        valueNext = false;
        continue;
      }
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-")) {
        valueNext =
            text.indexOf('=') < 0
                && !ShapeWords.ACTING_FLAGS.contains(text)
                && !ShapeWords.EVERYTHING.contains(text);
        continue;
      }
      if (!word.literal()
          || text.length() > 64
          || text.indexOf(' ') >= 0
          || text.indexOf('=') >= 0
          || text.indexOf('/') >= 0) {
        continue;
      }
      boolean reads = false;
      boolean acts = false;
      for (String part : ServiceVerbs.split(text)) {
        reads |= ShapeWords.READS.contains(part);
        acts |= TradeVerbs.verb(part) || NOT_LOOKS.contains(part);
      }
      if (acts) {
        actsAfter = true;
      } else if (reads) {
        actsAfter = false;
      }
    }
    return actsAfter;
  }

  /**
   * Whether a remote shell's command was read as programs of their own ({@code ssh salt.internal
   * "sudo salt 'ws03' state.apply x test=True"}): they are judged each; a session with no command
   * given is no look.
   */
  private static boolean remoteCommandRead(Scan scan, Step step) {
    for (Step other : scan.steps()) {
      if (other != step && other.invocation().via().contains(step.program())) {
        return true;
      }
    }
    return false;
  }

  /** Whether a command word carries what it reads away, or an option sends the output on. */
  private static boolean carries(List<Word> args) {
    for (int i = 0; i < args.size() && i < 2 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      if (text.length() > 64) {
        continue;
      }
      if (text.equals("-o") && i + 1 < args.size()) {
        String value = args.get(i + 1).text();
        if (!FORMATS.contains(value) && (value.indexOf('/') >= 0 || value.indexOf('.') > 0)) {
          return true; // psql … -o /mnt/shared/users.csv; not kubectl -o yaml
        }
        continue;
      }
      if (text.startsWith("--")) {
        int eq = text.indexOf('=');
        String option = eq > 0 ? text.substring(2, eq) : text.substring(2);
        String value =
            eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
        for (String part : ServiceVerbs.split(option)) {
          if (OUTPUT_OPTIONS.contains(part) && !FORMATS.contains(value)) {
            return true; // --out trail.csv; not --output yaml, a format
          }
        }
        continue;
      }
      if (!text.startsWith("-")) {
        for (String part : ServiceVerbs.split(text)) {
          if (CARRIES.contains(part)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether a server's tool is named for a read ({@code list_forms}, {@code get_case}, {@code
   * query}) and for no act: the words after its server's name, as {@code acts.tool-acts} reads
   * them.
   */
  private static boolean toolNamedForRead(String tool) {
    int server = tool.lastIndexOf("__");
    String name = server >= 0 ? tool.substring(server + 2) : tool;
    boolean reads = false;
    if (CodeLooks.acts(name)) {
      return false; // get_or_create_contact, search_and_tag, list_unsubscribe
    }
    for (String part : ServiceVerbs.split(name)) {
      if (CARRIES.contains(part) || NOT_LOOKS.contains(part)) {
        return false;
      }
      reads |= ShapeWords.READS.contains(part);
    }
    return reads;
  }

  /** An argument's words that send the answer on or change something: {@code export_to}. */
  private static final Set<String> ACTING_ARGUMENTS =
      NameSet.of(
          "url",
          "webhook",
          "callback",
          "send",
          "share",
          "export",
          "merge",
          "assign",
          "bulk",
          "update",
          "notify",
          "email",
          "destination",
          "dest",
          "upload",
          "delete",
          "set");

  /** Whether a server tool's argument names where the answer goes or an act: {@code send_to}. */
  private static boolean argumentsAct(com.fasterxml.jackson.databind.JsonNode args) {
    var names = args.fieldNames();
    while (names.hasNext()) {
      for (String part : ServiceVerbs.split(names.next())) {
        if (ACTING_ARGUMENTS.contains(part.toLowerCase(java.util.Locale.ROOT))) {
          return true;
        }
      }
    }
    return false;
  }
}
