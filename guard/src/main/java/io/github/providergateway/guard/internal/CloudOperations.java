package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A cloud CLI's call read as the operation it names, the way each CLI is built (decision 190):
 * {@code aws [globals] <service> <verb-noun>}, {@code gcloud [globals] [alpha|beta] <group…>
 * <command>} and {@code az <group…> <command>}. Whether the operation changes the account the CLI
 * is logged in to is its verb's: describe, list, get, show and their kin read, the rest change
 * something. Not a change either: the CLI's own login and settings ({@code aws configure}, {@code
 * gcloud auth login}, {@code az account set}, a cluster's credentials written to the kubeconfig), a
 * connection to a machine (ssh, an SSM session: the remote family reads what it runs), the storage
 * commands that copy files ({@code aws s3 cp}, {@code gcloud storage rsync}, {@code az storage blob
 * upload}: the copying and storage families read them) and a backup made (a snapshot, a backup job:
 * the safe side of an act).
 */
final class CloudOperations {
  /**
   * The words that name a call's operation, and where they stand among the program's arguments.
   *
   * @param cli the CLI
   * @param words the operation's words: aws's service and operation, gcloud's and az's command path
   *     (gcloud's positionals before its first flag with it)
   * @param at their indexes among the arguments
   */
  record Operation(String cli, List<String> words, List<Integer> at) {}

  /** aws's global options that take no value: every other one before the operation takes one. */
  private static final Set<String> AWS_FLAGS =
      Set.of(
          "--debug",
          "--no-verify-ssl",
          "--no-paginate",
          "--no-sign-request",
          "--no-cli-pager",
          "--cli-auto-prompt",
          "--no-cli-auto-prompt",
          "--version");

  /** gcloud's global options that take no value. */
  private static final Set<String> GCLOUD_FLAGS =
      Set.of(
          "-q",
          "--quiet",
          "-h",
          "--help",
          "--log-http",
          "--user-output-enabled",
          "--no-user-output-enabled",
          "--version");

  /** az's global options that take no value. */
  private static final Set<String> AZ_FLAGS =
      Set.of("--debug", "--verbose", "--only-show-errors", "-h", "--help", "--version");

  /** The beginnings of aws's operations that read ({@code describe-instances}). */
  private static final List<String> AWS_READ_PREFIXES =
      List.of(
          "describe-",
          "list-",
          "get-",
          "head-",
          "search-",
          "lookup-",
          "batch-get-",
          "filter-",
          "validate-",
          "estimate-",
          "simulate-",
          "preview-",
          "test-",
          "download-",
          "select-",
          "check-",
          "detect-",
          "decode-",
          "receive-",
          "translate-",
          "synthesize-",
          "analyze-",
          "compare-");

  /**
   * aws's operations named as tests that run what they test for real (red team, decision 195): API
   * Gateway's {@code test-invoke-method} calls the method's integration, Step Functions' {@code
   * test-state} runs the state's task.
   */
  private static final Set<String> AWS_RUN_FOR_REAL = Set.of("test-invoke-method", "test-state");

  /**
   * aws's operations that read whole, or change nothing held in the account: a query, a wait, a
   * log's tail, a Logs Insights query, a key's use to encrypt, decrypt, sign or verify. A service's
   * work on what it is given ({@code translate-text}, {@code detect-labels}) keeps nothing either.
   */
  private static final Set<String> AWS_READS =
      Set.of(
          "query",
          "scan",
          "wait",
          "tail",
          "help",
          "start-query",
          "start-live-tail",
          "encrypt",
          "decrypt",
          "sign",
          "verify");

  /**
   * aws's services that never change the account, or are another family's: the CLI's own settings
   * and login, a session's credentials ({@code sts}), and the high-level {@code s3} copies.
   */
  private static final Set<String> AWS_ELSEWHERE =
      Set.of("configure", "sso", "sts", "help", "history", "s3");

  /**
   * aws's operations, with their service, that write this machine's settings, print a login's
   * token, open a connection, or copy an object as {@code aws s3 cp} does.
   */
  private static final Set<String> AWS_LOCAL =
      Set.of(
          "eks update-kubeconfig",
          "codeartifact login",
          "rds generate-db-auth-token",
          "ssm start-session",
          "cloudformation package",
          "s3api put-object",
          "s3api copy-object",
          "s3api upload-part",
          "s3api create-multipart-upload",
          "s3api complete-multipart-upload");

  /**
   * gcloud's groups (after alpha or beta) that change nothing in an account: the CLI's settings,
   * login, components, emulators and help.
   */
  private static final Set<String> GCLOUD_LOCAL =
      Set.of(
          "config",
          "auth",
          "components",
          "init",
          "info",
          "version",
          "help",
          "topic",
          "feedback",
          "survey",
          "cheat-sheet",
          "emulators",
          "meta",
          "interactive");

  /**
   * The commands of gcloud and az that read (their last word, or any word for gcloud, whose
   * positionals follow the command), or connect to a machine (ssh and its kin).
   */
  private static final Set<String> COMMAND_READS =
      Set.of(
          "list",
          "describe",
          "show",
          "get",
          "read",
          "tail",
          "log",
          "access",
          "search",
          "query",
          "download",
          "download-batch",
          "wait",
          "exists",
          "what-if",
          "predict",
          "ssh",
          "scp",
          "connect",
          "start-iap-tunnel",
          "connect-to-serial-port",
          "browse");

  /**
   * gcloud's verbs that act, after which the words before the first flag are positionals, not
   * commands: an instance named {@code search-indexer-1} is no read (red team, decision 195). Not
   * {@code run} nor {@code deploy}, which are groups too (Cloud Run, Cloud Deploy).
   */
  private static final Set<String> GCLOUD_ACTS =
      Set.of(
          "stop",
          "start",
          "delete",
          "create",
          "update",
          "patch",
          "reset",
          "resize",
          "restart",
          "suspend",
          "resume",
          "import",
          "export",
          "restore",
          "enable",
          "disable",
          "cancel",
          "rollback",
          "move",
          "submit",
          "execute",
          "apply");

  /** The beginnings of gcloud's verbs that act ({@code set-iam-policy}, {@code add-metadata}). */
  private static final List<String> GCLOUD_ACT_PREFIXES =
      List.of("set-", "add-", "remove-", "attach-", "detach-");

  /** The beginnings of gcloud's and az's commands that read ({@code get-iam-policy}). */
  private static final List<String> COMMAND_READ_PREFIXES =
      List.of("get-", "list-", "describe-", "show-", "print-", "search-", "check-");

  /** The storage commands that copy files, the copying and storage families' (gcloud, az). */
  private static final Set<String> STORAGE_COPIES =
      Set.of(
          "cp",
          "mv",
          "rm",
          "rsync",
          "ls",
          "cat",
          "du",
          "hash",
          "sign-url",
          "upload",
          "upload-batch",
          "copy",
          "sync");

  /** az's groups that change nothing in an account: its login, settings and extensions. */
  private static final Set<String> AZ_LOCAL =
      Set.of(
          "login",
          "logout",
          "account",
          "config",
          "configure",
          "extension",
          "upgrade",
          "version",
          "find",
          "interactive",
          "init",
          "cloud",
          "bicep",
          "self-test",
          "feedback",
          "survey",
          "help",
          "ssh");

  /** az's commands, with their group, that log a client in or install a tool here. */
  private static final Set<String> AZ_LOCAL_COMMANDS =
      Set.of("acr login", "aks install-cli", "network bastion tunnel");

  private CloudOperations() {}

  /**
   * {@return the operation an aws, gcloud, az or bq call names, or {@code null} for another
   * program, for a call naming none (the CLI's help, a group alone) and for one whose words are
   * made at run time}
   */
  static Operation of(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "aws" -> leading(args, "aws", AWS_FLAGS, 2);
      case "gcloud" -> leading(args, "gcloud", GCLOUD_FLAGS, Integer.MAX_VALUE);
      case "az" -> leading(args, "az", AZ_FLAGS, Integer.MAX_VALUE);
      case "bq" -> BigQueryOperations.of(args);
      default -> null;
    };
  }

  /**
   * The words before the first option after them, global options and their values skipped before
   * them ({@code aws --profile prod ec2 …}), at most {@code most}.
   */
  private static Operation leading(List<Word> args, String cli, Set<String> flags, int most) {
    List<String> words = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < args.size() && words.size() < most; i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (!words.isEmpty() && !cli.equals("aws")) {
          break; // gcloud's and az's command ends where its options start
        }
        if (!flags.contains(text) && !text.contains("=") && text.startsWith("--")) {
          i++; // a global option's value
        }
        continue;
      }
      if (!args.get(i).literal()) {
        if (cli.equals("aws")) {
          return null;
        }
        break; // gcloud's positional, or a word made at run time: the command ends before it
      }
      words.add(text.toLowerCase(Locale.ROOT));
      at.add(i);
    }
    if (words.isEmpty() || cli.equals("aws") && words.size() < 2) {
      return null;
    }
    return new Operation(cli, List.copyOf(words), List.copyOf(at));
  }

  /**
   * {@return whether the operation changes the account: not a read, a login, a copy or a backup}
   */
  static boolean changes(Operation operation, List<Word> args) {
    return switch (operation.cli()) {
      case "bq" -> BigQueryOperations.changes(operation, args);
      case "aws" -> awsChanges(operation.words().get(0), operation.words().get(1));
      case "gcloud" -> gcloud(operation.words());
      default -> az(operation.words());
    };
  }

  /** {@return whether an aws operation of a service changes the account} */
  static boolean awsChanges(String service, String operation) {
    if (AWS_ELSEWHERE.contains(service)
        || AWS_READS.contains(operation)
        || AWS_LOCAL.contains(service + " " + operation)) {
      return false;
    }
    if (AWS_RUN_FOR_REAL.contains(operation)) {
      return true; // a test that calls the integration or the state's task for real
    }
    if (begins(operation, AWS_READ_PREFIXES)) {
      return false;
    }
    boolean copyKept =
        operation.startsWith("create-")
            && (operation.contains("snapshot") || operation.contains("backup"));
    return !copyKept && !operation.equals("start-backup-job");
  }

  private static boolean gcloud(List<String> words) {
    List<String> command = words;
    if (Set.of("alpha", "beta", "preview").contains(command.get(0))) {
      command = command.subList(1, command.size());
    }
    if (command.size() < 2 || GCLOUD_LOCAL.contains(command.get(0))) {
      return false; // a group alone shows its help
    }
    if (command.get(0).equals("storage") && STORAGE_COPIES.contains(command.get(1))) {
      return false;
    }
    for (String word : command) {
      if (reads(word)) {
        return false;
      }
      if (GCLOUD_ACTS.contains(word) || begins(word, GCLOUD_ACT_PREFIXES)) {
        break; // the command's verb: what follows are its positionals (search-indexer-1)
      }
    }
    return !backupMade(command, "snapshot");
  }

  private static boolean az(List<String> command) {
    if (command.size() < 2) {
      return false; // az rest among them: shapes.api-client-writes reads its method
    }
    String last = command.get(command.size() - 1);
    if (AZ_LOCAL.contains(command.get(0))
        || AZ_LOCAL_COMMANDS.contains(String.join(" ", command))
        || reads(last)) {
      return false;
    }
    if (command.get(0).equals("storage") && STORAGE_COPIES.contains(last)) {
      return false;
    }
    return !backupMade(command, "backup-now");
  }

  private static boolean reads(String word) {
    return COMMAND_READS.contains(word) || begins(word, COMMAND_READ_PREFIXES);
  }

  /** {@return whether the word begins with one of the beginnings} */
  static boolean begins(String word, List<String> beginnings) {
    for (String beginning : beginnings) {
      if (word.startsWith(beginning)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A snapshot or backup made: a command path naming one, its verb creating it ({@code gcloud sql
   * backups create}, {@code gcloud compute disks snapshot}, {@code az snapshot create}).
   */
  private static boolean backupMade(List<String> command, String otherVerb) {
    boolean named = false;
    boolean made = false;
    for (String word : command) {
      named |= word.startsWith("snapshot") || word.startsWith("backup");
      made |= word.equals("create") || word.equals(otherVerb);
    }
    return named && made;
  }
}
