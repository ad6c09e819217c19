package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.Supplier;

/**
 * One built-in rule as the rule book writes it ({@code rules/<family>.json}): its decision per
 * preset and what the agent reads ({@link #rule()}), how it matches, and the examples that prove
 * it.
 *
 * @param rule the rule's id, family, decision per preset, reason and safer alternative
 * @param matches how it matches: {@link Match#declared()} patterns run by the same matcher as the
 *     person's plain rules, or the name of the family class whose code finds it
 * @param exampleSource the calls that must be denied, asked or allowed, each checked by a test
 *     ({@link #examples()}): read from the book when first asked, as no decision reads them
 * @param sources where the knowledge behind the rule comes from, or {@code null}
 * @param replaces the retired ids whose work this rule took over ({@code system.publish}): an allow
 *     list naming one allows this rule, with a problem line saying it was renamed
 */
public record RuleSpec(
    BuiltinRule rule,
    Match matches,
    Supplier<Examples> exampleSource,
    String sources,
    List<String> replaces) {

  /** Copies. */
  public RuleSpec {
    replaces = List.copyOf(replaces);
  }

  /** {@return the calls the rule must deny, ask about and allow, each checked by a test} */
  public Examples examples() {
    return exampleSource.get();
  }

  /**
   * How a rule matches: by the code of a family class, by word patterns, or by clauses ({@link
   * When}) over each program's subcommand and options.
   *
   * @param code the family class whose code finds it ({@code FileRules}), or {@code null} when
   *     declared
   * @param commands word patterns over each program the command runs, as a plain rule's {@code
   *     command} ({@code npm * publish *}); any one matching is a match
   * @param unless word patterns that take a program back out ({@code * --dry-run *})
   * @param when clauses over a program's subcommand, options and positionals, and named predicates;
   *     any one met is a match
   */
  public record Match(String code, List<String> commands, List<String> unless, List<When> when) {

    /** Copies. */
    public Match {
      commands = List.copyOf(commands);
      unless = List.copyOf(unless);
      when = List.copyOf(when);
    }

    /** {@return whether the rule is matched by the book's data rather than code} */
    public boolean declared() {
      return code == null;
    }

    /**
     * {@return what it matches, for the docs: the family's words for code, the patterns or clauses
     * for a declared match} Written when asked, not as the book is read: no decision reads it.
     */
    public String description() {
      if (code != null) {
        return "found by " + code;
      }
      if (!when.isEmpty()) {
        return WhenText.of(when);
      }
      String description = "`" + String.join("`, `", commands) + "`";
      if (!unless.isEmpty()) {
        description += ", unless `" + String.join("`, `", unless) + "`";
      }
      return description;
    }
  }

  /**
   * One clause of a rule's match ({@code "when"} in the book): a program of one of the names, with
   * the subcommand, options and positionals it names, and the named predicate it names. Every part
   * given must hold; a part left out holds.
   *
   * @param programs the program's names ({@code git}); {@code *} for any program
   * @param subcommands the subcommands, any one ({@code push}); for {@code git} read past its
   *     global options ({@link GitCommand}), for another program its first positional
   * @param next the first word after the subcommand, any one ({@code clear} of {@code stash clear})
   * @param then the subcommand's first positional, options and their values aside, any one ({@code
   *     rm} of {@code docker volume rm}, {@code pulumi stack --stack dev rm})
   * @param values the subcommand's options that take a value, so that a value is not read as a
   *     positional ({@code o}, {@code push-option}): one letter for a short option
   * @param any options of which one at least is given ({@code f}, {@code force}); empty for none
   * @param also a second such set, one of which is given too; empty for none
   * @param none options of which none is given ({@code n}, {@code dry-run})
   * @param positionals how many positionals the subcommand has at least
   * @param words words of which one at least is among the program's arguments ({@code 0} of {@code
   *     init 0}); empty for none
   * @param noWords words none of which is among the program's arguments ({@code -c} of {@code
   *     shutdown -c})
   * @param where the name of a predicate in code ({@link Where}) that must hold too, or {@code
   *     null}
   * @param order where the clause is tried among those scanned together: lower first
   * @param call whether the clause is asked once of the whole call, not of each program: only its
   *     {@code where} then, a predicate that says what it found ({@code fork-bomb}); empty programs
   * @param unread the kinds of the places the parse could not read ({@code computed-program}) the
   *     clause is asked of, each as a program, instead of the programs read; empty for none
   * @param anywhere whether {@code any}, {@code also} and {@code none} read the options wherever
   *     they stand among the program's words, before its subcommand too ({@code kubectl -A delete}:
   *     programs built on cobra take them so)
   * @param late whether the clause is tried on each program only after the group's other clauses
   *     were tried on every program (where the code read the whole command first, then again)
   * @param files the files the clause is about, or {@code null} for a clause over a program: then
   *     it holds for each file the call reads, writes or deletes as it says ({@link Files}), by a
   *     program of {@code programs}
   */
  public record When(
      List<String> programs,
      List<String> subcommands,
      List<String> next,
      List<String> then,
      List<String> values,
      List<String> any,
      List<String> also,
      List<String> none,
      int positionals,
      List<String> words,
      List<String> noWords,
      String where,
      int order,
      boolean call,
      List<String> unread,
      boolean anywhere,
      boolean late,
      Files files) {

    /** Copies. */
    public When {
      programs = List.copyOf(programs);
      subcommands = List.copyOf(subcommands);
      next = List.copyOf(next);
      then = List.copyOf(then);
      values = List.copyOf(values);
      any = List.copyOf(any);
      also = List.copyOf(also);
      none = List.copyOf(none);
      words = List.copyOf(words);
      noWords = List.copyOf(noWords);
      unread = List.copyOf(unread);
    }
  }

  /**
   * The files a clause is about ({@code "writes": {"place": "system-folder"}}, {@code "secret":
   * {"places": ["~/.aws/credentials"]}}): what the call does to them, and where they lie, as a
   * named place ({@link FilePlaces}) or as paths of the home and the machine ({@link PlaceGlobs}).
   *
   * @param kind {@code reads}, {@code writes}, {@code deletes}, {@code changes} (writes or
   *     deletes), or {@code secret} (the files that hold the rule's secret: {@link SecretAccesses})
   * @param place the named place, or {@code null} for {@code places}
   * @param places the paths; empty for {@code place}
   * @param metadata whether a program that changes only a file's metadata or makes it empty ({@link
   *     Access#metadataOnly()}: chmod, touch) writes it too; {@code "metadata": false} leaves them
   *     out
   * @param shellWrites for a secret, whether a shell's program writing it matches, as the file
   *     tools' writes do; {@code "shell-writes": false} for a file the shell makes from a template
   */
  public record Files(
      String kind, String place, List<String> places, boolean metadata, boolean shellWrites) {

    /** Copies. */
    public Files {
      places = List.copyOf(places);
    }
  }

  /**
   * The calls a rule must decide so.
   *
   * @param deny calls it denies
   * @param ask calls it asks about
   * @param allow calls it does not match and the guard allows
   */
  public record Examples(List<Example> deny, List<Example> ask, List<Example> allow) {

    /** Copies. */
    public Examples {
      deny = List.copyOf(deny);
      ask = List.copyOf(ask);
      allow = List.copyOf(allow);
    }

    /** {@return how many examples there are} */
    public int size() {
      return deny.size() + ask.size() + allow.size();
    }
  }

  /**
   * One example call, in the corpus's setting (project {@code /work/project}, home {@code
   * /home/user}).
   *
   * @param tool {@code shell}, {@code read} or {@code edit}
   * @param text the command, or the file tool's path
   * @param cwd the folder the call reports, or {@code null} for the project
   * @param preset the preset it is decided under, or {@code null} for the rule's first preset in
   *     force ({@code standard} for most)
   * @param session whether the call is in a session (a project known); {@code false} for a call
   *     with none
   * @param hints what a provider's tool declares of itself, or {@code null} for an agent's own tool
   * @param args the arguments of a tool that is neither a shell nor a file tool ({@code WebFetch}'s
   *     {@code url}), or {@code null}
   * @param before the calls the session ran before this one, for a flow rule; empty for none
   */
  public record Example(
      String tool,
      String text,
      String cwd,
      String preset,
      boolean session,
      CallForRules.Hints hints,
      JsonNode args,
      List<Example> before) {

    /** Copies. */
    public Example {
      before = List.copyOf(before);
    }

    /** An example of one call alone. */
    public Example(
        String tool,
        String text,
        String cwd,
        String preset,
        boolean session,
        CallForRules.Hints hints) {
      this(tool, text, cwd, preset, session, hints, null, List.of());
    }
  }
}
