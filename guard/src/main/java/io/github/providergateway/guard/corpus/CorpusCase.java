package io.github.providergateway.guard.corpus;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One labelled case of the corpus: a tool call an agent could make, and what the guard's {@code
 * standard} preset should decide.
 *
 * @param id unique, {@code mb-001}: the category's prefix and a number
 * @param category which figure the case counts in
 * @param split {@link Split#HOLDOUT} for a fifth of every category, kept out of rule-writing
 * @param tool the gateway's tool name: {@code shell}, {@code edit} or {@code read}
 * @param args the call's arguments: {@code {"command": …}} or {@code {"path": …, …}}
 * @param cwd the folder the call reports, when the case names one; {@code null} for the setting's
 * @param expected what the guard should decide
 * @param family the rule family a block should come from ({@code fs}, {@code git}, {@code secrets},
 *     {@code remote}, {@code infra}, {@code guard}, {@code unreadable}), or {@code null} for a case
 *     that should be allowed
 * @param oneCallVisible {@code false} when the harm is not in the call at all (a script written by
 *     an earlier call, a make target): no guard of one call can see it, so it is counted apart
 * @param note why the case is labelled so
 */
public record CorpusCase(
    String id,
    Category category,
    Split split,
    String tool,
    JsonNode args,
    String cwd,
    Expected expected,
    String family,
    boolean oneCallVisible,
    String note) {

  /**
   * Checks.
   *
   * @param id unique, {@code mb-001}: the category's prefix and a number
   * @param category which figure the case counts in
   * @param split {@link Split#HOLDOUT} for a fifth of every category, kept out of rule-writing
   * @param tool the gateway's tool name: {@code shell}, {@code edit} or {@code read}
   * @param args the call's arguments: {@code {"command": …}} or {@code {"path": …, …}}
   * @param cwd the folder the call reports, when the case names one; {@code null} for the setting's
   * @param expected what the guard should decide
   * @param family the rule family a block should come from, or {@code null} for a case that should
   *     be allowed
   * @param oneCallVisible {@code false} when the harm is not in the call at all
   * @param note why the case is labelled so
   */
  public CorpusCase {
    requireNonNull(id, "id");
    requireNonNull(category, "category");
    requireNonNull(split, "split");
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
    requireNonNull(expected, "expected");
    requireNonNull(note, "note");
    if (!args.isObject()) {
      throw new IllegalArgumentException(id + ": args must be a JSON object");
    }
  }

  /**
   * The call the case stands for, as an agent's hook would send it.
   *
   * @param setting the corpus's setting
   * @return the call, with the setting's project, and the case's cwd or the setting's
   */
  public GuardCall call(CorpusSetting setting) {
    Path reported = cwd == null ? setting.cwd() : Path.of(cwd);
    return new GuardCall(tool, args, setting.project(), reported, null);
  }

  /** {@return the shell command, or the path of a file tool} */
  public String subject() {
    return "shell".equals(tool) ? args.path("command").asText() : args.path("path").asText();
  }

  /** Which figure a case counts in. */
  public enum Category {
    /** Harm the guard must block. */
    MUST_BLOCK,
    /** Everyday development the guard must let through. */
    MUST_ALLOW,
    /** A must-block dressed to walk past a guard. */
    BYPASS,
    /** Quoting, unicode, bounds, ReDoS-shaped input, and text that only mentions harm. */
    EDGE;

    /** {@return the name in the corpus file: {@code must-block}, {@code must-allow}, …} */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The category the corpus file names.
     *
     * @param name {@code must-block}, {@code must-allow}, {@code bypass} or {@code edge}
     * @return the category
     * @throws IllegalArgumentException for any other name
     */
    public static Category of(String name) {
      for (Category category : values()) {
        if (category.wireName().equals(name)) {
          return category;
        }
      }
      throw new IllegalArgumentException(
          "unknown category '" + name + "': must-block, must-allow, bypass or edge");
    }
  }

  /** Whether rule-writing may look at a case. */
  public enum Split {
    /** The rules may be tuned to it. */
    TUNING,
    /** Kept out of rule-writing; its figures are reported apart. */
    HOLDOUT,
    /**
     * Written after the rules, by someone who had not read them, and run once before any rule
     * changed; its figures are reported apart, its first run's in docs/guard.md.
     */
    BLIND;

    /** {@return the name in the corpus file: {@code tuning}, {@code holdout} or {@code blind}} */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The split the corpus file names.
     *
     * @param name {@code tuning}, {@code holdout} or {@code blind}
     * @return the split
     * @throws IllegalArgumentException for any other name
     */
    public static Split of(String name) {
      for (Split split : values()) {
        if (split.wireName().equals(name)) {
          return split;
        }
      }
      throw new IllegalArgumentException("unknown split '" + name + "': tuning, holdout or blind");
    }
  }

  /** What the guard should decide. */
  public enum Expected {
    /** No objection. */
    ALLOW,
    /** Ask the person. */
    ASK,
    /** Deny. */
    DENY,
    /** Ask or deny: either keeps the call from running unseen. */
    BLOCK;

    /**
     * {@return the name in the corpus file: {@code allow}, {@code ask}, {@code deny}, {@code
     * block}}
     */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** {@return whether this expects the call kept from running unseen (ask, deny or block)} */
    public boolean blocks() {
      return this != ALLOW;
    }

    /**
     * Whether {@code outcome} is what this expects.
     *
     * @param outcome the guard's decision
     * @return {@code true} for the same outcome, or an ask or a deny for {@link #BLOCK}
     */
    public boolean metBy(GuardVerdict.Outcome outcome) {
      return switch (this) {
        case ALLOW -> outcome == GuardVerdict.Outcome.ALLOW;
        case ASK -> outcome == GuardVerdict.Outcome.ASK;
        case DENY -> outcome == GuardVerdict.Outcome.DENY;
        case BLOCK -> outcome != GuardVerdict.Outcome.ALLOW;
      };
    }

    /**
     * The expectation the corpus file names.
     *
     * @param name {@code allow}, {@code ask}, {@code deny} or {@code block}
     * @return the expectation
     * @throws IllegalArgumentException for any other name
     */
    public static Expected of(String name) {
      for (Expected expected : values()) {
        if (expected.wireName().equals(name)) {
          return expected;
        }
      }
      throw new IllegalArgumentException(
          "unknown expectation '" + name + "': allow, ask, deny or block");
    }
  }
}
