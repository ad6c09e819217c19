package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A server's tool that acts on money, people or messages by its name (decision 93, {@code
 * acts.tool-acts}): an agent's MCP tool ({@code mcp__stripe__create_refund}) or a provider's that
 * declares nothing of itself, whose name's words say it refunds, charges, sends, posts, deletes or
 * approves; or whose arguments make something public or hold SQL that writes; or that lets someone
 * in ({@link ToolGrants}, decision 179).
 */
final class ToolActs {
  private ToolActs() {}

  /** The words of a tool's name that act on money, people or messages. */
  private static final Set<String> ACTING =
      NameSet.of(
          "refund",
          "charge",
          "transfer",
          "payout",
          "adjust",
          "credit",
          "debit",
          "send",
          "post",
          "publish",
          "tweet",
          "broadcast",
          "notify",
          "delete",
          "drop",
          "destroy",
          "purge",
          "deactivate",
          "disable",
          "suspend",
          "revoke",
          "ban",
          "approve",
          "cancel",
          "terminate",
          "wipe",
          "rollback",
          "price",
          "payment",
          "invoice",
          "subscription",
          "campaign",
          "sms",
          "invite",
          "grant",
          "freeze",
          "unfreeze",
          "lock",
          "block",
          "clear",
          "withdraw",
          "override",
          "void",
          "waive",
          // a signature or a stamp given in a person's name (decision 302)
          "sign",
          "countersign",
          "certify",
          "attest",
          // a building's safety (decision 251): a lockdown started or ended, a door let open
          "lockdown",
          "unlock",
          "disarm",
          "evacuate",
          // round 61: what a trade does only in an emergency (a code break, a stop, a break-glass)
          "emergency",
          "breakglass");

  /**
   * What a protection keeps, that a word beginning {@code un} takes off: {@code unblind} (a trial's
   * code broken), {@code unmask}, {@code unredact}, {@code unseal}, {@code unquarantine}.
   */
  private static final Set<String> PROTECTED =
      NameSet.of(
          "blind",
          "mask",
          "redact",
          "seal",
          "hide",
          "suppress",
          "quarantine",
          "embargo",
          "restrict",
          "protect",
          "hold",
          "block",
          "anonymize",
          "anonymise",
          "pseudonymize",
          "encrypt");

  /**
   * What a developer's own work is named, after which a sure act is the developer's to do: {@code
   * delete_branch}, {@code cancel_workflow_run}, {@code delete_comment}.
   */
  private static final Set<String> OWN_WORK =
      NameSet.of(
          "issue",
          "issues",
          "pull",
          "pr",
          "comment",
          "comments",
          "label",
          "labels",
          "milestone",
          "draft",
          "drafts",
          "branch",
          "note",
          "notes",
          "task",
          "card",
          "reaction",
          "run",
          "runs",
          "workflow",
          "job",
          "build",
          "cache",
          "message",
          "messages");

  /** The words of a signature given in a person's name (decision 303). */
  private static final Set<String> SIGNING = NameSet.of("sign", "countersign", "certify", "attest");

  /** The first words of a generic update's name, whose fields may set a record's status. */
  private static final Set<String> UPDATES =
      NameSet.of(
          "update",
          "set",
          "patch",
          "edit",
          "modify",
          "change",
          "transition",
          "put",
          "save",
          "upsert",
          "bulk");

  /**
   * Words that make a tool's name read-only, whatever else it says: its first word among them (the
   * readings of money tools and maintenance windows add their own, {@link #readingAnd}).
   */
  private static final Set<String> READING =
      NameSet.of(
          "get", "list", "search", "query", "describe", "read", "fetch", "find", "show", "view");

  /**
   * The first words of a tool's name that read, and more of a reading's own.
   *
   * @param more the reading's own words
   * @return the words
   */
  static Set<String> readingAnd(String... more) {
    Set<String> words = new LinkedHashSet<>(READING);
    words.addAll(List.of(more));
    return NameSet.copyOf(words);
  }

  /**
   * A tool of a server (an agent's MCP tool, {@code mcp__stripe__create_refund}, or a provider's)
   * whose name says it acts on money, people or messages, and that declares nothing of itself:
   * neither read-only nor destructive (what it declares is the {@code tools.*} rules').
   */
  static String toolActs(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    CallForRules.Hints hints = call.hints();
    String name = undeclaredName(call);
    if (name == null) {
      return null;
    }
    List<String> words = ActsPredicates.words(name);
    if (words.isEmpty() || READING.contains(words.get(0))) {
      // a query tool's statement that writes (mcp__postgres__query DROP SCHEMA) is no read
      return sqlWrites(call.args()) ? tool + " (SQL that writes)" : null;
    }
    boolean acts = false;
    boolean postsOnly = true; // post_message, send_message; not ban_member, delete_message
    boolean signsOnly = true; // sign_task_card: a signature, not one on a staging place
    for (String word : words) {
      if (ACTING.contains(word)
          || word.endsWith("s") && ACTING.contains(word.substring(0, word.length() - 1))
          || word.startsWith("un") && PROTECTED.contains(word.substring(2))) {
        acts = true;
        postsOnly &= word.equals("post") || word.equals("send");
        signsOnly &= SIGNING.contains(word);
      }
    }
    if (acts && signsOnly && ToolChanges.actsHereOrOnATest(call.args())) {
      acts = false; // batch_certify on staging: a rehearsal's signature (decision 303)
    }
    if (acts) {
      // a post that tells the team of the developer's own pull request (decision 161) or of the
      // work's own status (decision 180)
      ChangeAnnounced.Post post = postsOnly ? ChangeAnnounced.plainPost(tool, call.args()) : null;
      return post != null
              && (ChangeAnnounced.announces(post) || StatusPosted.reports(post, call.args()))
          ? null
          : shown(call);
    }
    String opened = ToolGrants.madePublic(call.args());
    if (opened != null) {
      return tool + " (" + opened + ")";
    }
    String account = PayeeDetails.named(call.args());
    if (account != null) {
      return tool + " (" + account + ": a bank account to pay)";
    }
    if (ToolGrants.grantsByName(words) && !ToolChanges.actsHereOrOnATest(call.args())) {
      return tool + " (gives access)";
    }
    String widened = ToolScopes.widened(call.args());
    if (widened != null) {
      return tool + " (" + widened + ")";
    }
    String approval =
        UPDATES.contains(words.get(0)) ? ToolArguments.approvalSet(call.args()) : null;
    if (approval != null) {
      return tool + " (" + approval + ": an approval set by an update)";
    }
    String told = ToolArguments.told(call.args());
    if (told != null) {
      return tool + " (" + told + ")"; // "submit": true, a person's own mailbox (decision 290)
    }
    return sqlWrites(call.args()) ? tool + " (SQL that writes)" : null;
  }

  /**
   * A server's tool named for a sure act ({@link SureActs#VERBS}: {@code
   * mcp__backoffice__credit_wallet}, {@code mcp__clientportal__delete_document}, {@code
   * mcp__retailer_portal__suspend_retailer}) that declares nothing of itself, on no developer's own
   * work, no test's place and no test's server: {@code acts.tool-sure-act} denies it where {@code
   * acts.tool-acts} asks (session 15, as decision 272 denies a tool that sets a live value).
   *
   * @param scan the call
   * @return the tool as the reason shows it, or {@code null}
   */
  static String toolActsSurely(Scan scan) {
    CallForRules call = scan.call();
    String name = undeclaredName(call);
    if (name == null) {
      return null;
    }
    List<String> words = ActsPredicates.words(name);
    if (words.isEmpty() || READING.contains(words.get(0))) {
      return null;
    }
    return namedForSureAct(words)
            && !ToolChanges.actsHereOrOnATest(call.args())
            && !testServer(call.tool())
        ? shown(call)
        : null;
  }

  /**
   * Whether a name's words (lower case) say a sure act ({@link SureActs#VERBS}) on no developer's
   * own work ({@link #OWN_WORK}): a server's tool's ({@code suspend_retailer}) or a project's
   * script's ({@code delete_inactive_accounts.py}, {@link ToolNamedForAct}); not {@code
   * delete_branch}.
   *
   * @param words the name's words
   * @return whether it names a sure act
   */
  static boolean namedForSureAct(List<String> words) {
    boolean sure = false;
    for (String word : words) {
      if (OWN_WORK.contains(word)) {
        return false;
      }
      sure |=
          SureActs.VERBS.contains(word)
              || word.endsWith("s") && SureActs.VERBS.contains(word.substring(0, word.length() - 1))
              || word.startsWith("un") && PROTECTED.contains(word.substring(2));
    }
    return sure;
  }

  /** Whether an MCP tool's server is named for a test's place: {@code mcp__stripe_test__refund}. */
  private static boolean testServer(String tool) {
    String[] parts = tool.split("__", 3);
    return parts.length == 3 && Environments.testName(parts[1]);
  }

  /**
   * The name of a server's tool (an agent's MCP tool, {@code mcp__stripe__create_refund}, or a
   * provider's) that declares nothing of itself, without its server ({@code create_refund}); {@code
   * null} for an agent's own tool or one that declares what it is (the {@code tools.*} rules').
   */
  static String undeclaredName(CallForRules call) {
    String tool = call.tool();
    CallForRules.Hints hints = call.hints();
    if (hints == null && !tool.contains("__") && !tool.startsWith("mcp")) {
      return null; // an agent's own tool
    }
    if (hints != null
        && (hints.readOnly() != null || hints.destructive() != null || hints.openWorld() != null)) {
      return null;
    }
    int last = tool.lastIndexOf("__");
    return last >= 0 ? tool.substring(last + 2) : tool;
  }

  /** {@return a server's tool as a reason names it: its name, and its provider when it says} */
  static String shown(CallForRules call) {
    CallForRules.Hints hints = call.hints();
    return call.tool()
        + (hints != null && hints.provider() != null ? " of " + hints.provider() : "");
  }

  /** The arguments a server's tool gives a statement in ({@code mcp__postgres__query}'s). */
  static final List<String> STATEMENT_FIELDS = List.of("statement", "sql", "query");

  /**
   * The first words of a statement that writes, or runs what the tool's text does not show: an
   * anonymous block ({@code DO $$ … EXECUTE 'UPD' || 'ATE …' $$}), a procedure, a prepared or
   * dynamic statement, a load (decision 184).
   */
  private static final Set<String> SQL_WRITES =
      NameSet.of(
          "drop",
          "delete",
          "truncate",
          "update",
          "alter",
          "insert",
          "grant",
          "revoke",
          "merge",
          "create",
          "do",
          "call",
          "exec",
          "execute",
          "prepare",
          "copy",
          "lock",
          "vacuum",
          "reindex",
          "cluster",
          "rename",
          "replace",
          "upsert");

  /**
   * Whether a tool's SQL argument ({@code statement}, {@code sql}, {@code query}) writes: by its
   * first word, or, where the tool acts neither here nor on a test, by a statement it hands to a
   * runner, built when it runs or a literal that writes (decision 199: {@code DECLARE @s …; EXEC
   * sp_executesql @s} through a read tool).
   */
  static boolean sqlWrites(JsonNode args) {
    if (args == null || !args.isObject()) {
      return false;
    }
    for (String field : STATEMENT_FIELDS) {
      var value = args.get(field);
      if (value != null && value.isTextual()) {
        String text = value.asText();
        if (firstWordWrites(text) || runsWrite(text) && !ToolChanges.actsHereOrOnATest(args)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean firstWordWrites(String statement) {
    String text = statement.stripLeading();
    int end = 0;
    while (end < text.length() && end < 16 && Character.isLetter(text.charAt(end))) {
      end++;
    }
    return SQL_WRITES.contains(text.substring(0, end).toLowerCase(Locale.ROOT));
  }

  /** Whether SQL hands a runner a statement built when it runs, or a literal one that writes. */
  private static boolean runsWrite(String text) {
    if (AssembledStatements.assembled(text) != null) {
      return true;
    }
    for (String literal : AssembledStatements.literalsRun(text)) {
      if (firstWordWrites(literal)) {
        return true;
      }
    }
    return false;
  }
}
