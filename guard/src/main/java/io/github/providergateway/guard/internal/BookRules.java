package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The rules of some of the book's families that match by when clauses ({@link When}): for each
 * program of the call, each clause in its order (the book's, unless a clause gives its own); a
 * clause met is a match of its rule. The families listed are scanned together, in the place of the
 * catalogue where their code was, so that the rules are found in the order they were.
 */
final class BookRules implements Family {
  /**
   * A clause of a rule.
   *
   * @param rule the rule
   * @param when the clause
   */
  private record Clause(BuiltinRule rule, When when) {}

  /**
   * A clause over files ({@link RuleSpec.Files}) of a rule.
   *
   * @param rule the rule
   * @param when the clause
   * @param places where the files it is about lie
   */
  private record FileClause(BuiltinRule rule, When when, FilePlaces places) {}

  private final List<BuiltinRule> rules = new ArrayList<>();

  /** Every clause, in the order they are tried: by their order, then the book's. */
  private final List<Clause> clauses = new ArrayList<>();

  /** Every clause over files, in the order they are tried for each file the call accesses. */
  private final List<FileClause> fileClauses = new ArrayList<>();

  /** The clauses over files read together when the group has secret clauses, else {@code null}. */
  private final SecretAccesses secrets;

  /**
   * The rules with when clauses of the families and rules named.
   *
   * @param specs the book
   * @param names the families' names ({@code git}) and rules' ids ({@code publish.maven})
   */
  BookRules(List<RuleSpec> specs, String... names) {
    this(
        specs,
        spec ->
            List.of(names).contains(spec.rule().category())
                || List.of(names).contains(spec.rule().id()));
  }

  /**
   * The rules with when clauses that none of {@code others} finds: a rule added to the book is
   * found with no change to the catalogue, after the families' code.
   *
   * @param specs the book
   * @param others the rules found elsewhere
   * @return their scan
   */
  static BookRules except(List<RuleSpec> specs, BookRules... others) {
    java.util.Set<BuiltinRule> found = new java.util.HashSet<>();
    for (BookRules other : others) {
      found.addAll(other.rules());
    }
    return new BookRules(specs, spec -> !found.contains(spec.rule()));
  }

  /**
   * The rules with when clauses of a family that none of {@code others} finds.
   *
   * @param specs the book
   * @param family the family's name ({@code secrets})
   * @param others the rules of the family found elsewhere
   * @return their scan
   */
  static BookRules family(List<RuleSpec> specs, String family, BookRules... others) {
    java.util.Set<BuiltinRule> found = new java.util.HashSet<>();
    for (BookRules other : others) {
      found.addAll(other.rules());
    }
    return new BookRules(
        specs, spec -> spec.rule().category().equals(family) && !found.contains(spec.rule()));
  }

  private BookRules(List<RuleSpec> specs, java.util.function.Predicate<RuleSpec> meant) {
    List<Map.Entry<BuiltinRule, When>> fileWhens = new ArrayList<>();
    boolean hasSecrets = false;
    for (RuleSpec spec : specs) {
      if (meant.test(spec) && !spec.matches().when().isEmpty()) {
        rules.add(spec.rule());
        for (When when : spec.matches().when()) {
          if (when.where() != null && !Where.names().contains(when.where())) {
            // Refused where the rules are first gathered, with the catalogue's other checks.
            throw new IllegalStateException(
                spec.rule().id() + ": no predicate is named '" + when.where() + "'");
          }
          if (when.files() == null) {
            clauses.add(new Clause(spec.rule(), when));
          } else {
            fileWhens.add(Map.entry(spec.rule(), when));
            hasSecrets |= when.files().kind().equals("secret");
          }
        }
      }
    }
    clauses.sort(Comparator.comparingInt(clause -> clause.when().order())); // stable
    index();
    fileWhens.sort(Comparator.comparingInt(clause -> clause.getValue().order()));
    if (hasSecrets) {
      // Secret clauses and the group's other clauses over files claim a file written together.
      secrets = new SecretAccesses(fileWhens);
    } else {
      secrets = null;
      for (Map.Entry<BuiltinRule, When> clause : fileWhens) {
        When when = clause.getValue();
        fileClauses.add(new FileClause(clause.getKey(), when, FilePlaces.of(when.files())));
      }
    }
  }

  @Override
  public List<BuiltinRule> rules() {
    return rules;
  }

  /**
   * The clauses a program's name may meet, by the name, in their order: those of any program
   * ({@code *}) among them. Most programs of a long command meet none.
   */
  private final Map<String, List<Clause>> byProgram = new java.util.HashMap<>();

  /** The clauses of any program alone, for a program no clause names. */
  private final List<Clause> anyProgram = new ArrayList<>();

  /** Fills {@link #byProgram} and {@link #anyProgram} from the clauses, in their order. */
  private void index() {
    for (Clause clause : clauses) {
      if (clause.when().programs().contains("*")) {
        anyProgram.add(clause);
      }
      for (String name : clause.when().programs()) {
        if (!name.equals("*") && !byProgram.containsKey(name)) {
          List<Clause> mine = new ArrayList<>();
          for (Clause other : clauses) {
            List<String> programs = other.when().programs();
            if (programs.contains("*") || programs.contains(name)) {
              mine.add(other);
            }
          }
          byProgram.put(name, List.copyOf(mine));
        }
      }
    }
  }

  private List<Clause> clausesOf(String program) {
    List<Clause> named = byProgram.get(program);
    return named != null ? named : anyProgram;
  }

  @Override
  public void scan(Scan scan) {
    for (Step step : scan.steps()) {
      GitCommand[] git = new GitCommand[1]; // read once a step, at the first clause that asks
      Argv[] plain = new Argv[1]; // the arguments read with no option taking a value, likewise
      List<Clause> mine = clausesOf(step.program());
      for (int i = 0; i < mine.size(); i++) {
        Clause clause = mine.get(i);
        if (meets(scan, step, git, plain, clause.when())) {
          scan.hit(clause.rule(), step, null); // a rule met twice in a program is one hit
        }
      }
    }
    if (secrets != null) {
      secrets.scan(scan);
      return;
    }
    if (fileClauses.isEmpty()) {
      return;
    }
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command accesses hundreds
      Access access = accesses.get(i);
      for (int k = 0; k < fileClauses.size(); k++) {
        FileClause clause = fileClauses.get(k);
        if (meets(access, clause.when()) && clause.places().holds(scan, access)) {
          scan.hit(clause.rule(), access);
        }
      }
    }
  }

  /** Whether a file access is of the kind a clause is about, by one of its programs. */
  static boolean meets(Access access, When when) {
    boolean kind =
        switch (when.files().kind()) {
          case "reads" -> access.kind() == Access.Kind.READ;
          case "writes" -> access.kind() == Access.Kind.WRITE;
          case "deletes" -> access.kind() == Access.Kind.DELETE;
          default -> access.changes();
        };
    return kind
        && (when.files().metadata() || !access.metadataOnly())
        && (when.programs().contains("*")
            || access.invocation() != null
                && when.programs().contains(access.invocation().program()));
  }

  private static boolean meets(Scan scan, Step step, GitCommand[] git, Argv[] plain, When when) {
    if (!when.programs().contains("*") && !when.programs().contains(step.program())) {
      return false;
    }
    String subcommand = "";
    List<Word> args = step.args();
    if (!when.subcommands().isEmpty()) {
      if (step.program().equals("git")) {
        if (git[0] == null) {
          git[0] = GitCommand.of(args);
        }
        subcommand = git[0].subcommand();
        args = git[0].args();
      } else {
        List<Word> pos = argv(args, when).positionals();
        subcommand = pos.isEmpty() ? "" : pos.get(0).text();
        args = pos.isEmpty() ? List.of() : args.subList(args.indexOf(pos.get(0)) + 1, args.size());
      }
      if (!when.subcommands().contains(subcommand)) {
        return false;
      }
    }
    if (!when.next().isEmpty() && (args.isEmpty() || !when.next().contains(args.get(0).text()))) {
      return false;
    }
    Argv argv;
    if (!when.values().isEmpty() || !when.subcommands().isEmpty() || !when.next().isEmpty()) {
      argv = argv(args, when);
    } else {
      // Most clauses of any program ("*") read its own arguments, with no option's value: once.
      if (plain[0] == null) {
        plain[0] = Argv.of(args, "");
      }
      argv = plain[0];
    }
    if (!when.any().isEmpty() && !hasAny(argv, when.any())
        || !when.also().isEmpty() && !hasAny(argv, when.also())
        || hasAny(argv, when.none())
        || argv.positionals().size() < when.positionals()
        || !when.words().isEmpty() && !hasWord(step, when.words())
        || hasWord(step, when.noWords())) {
      return false;
    }
    return when.where() == null
        || Where.named(when.where()).test(scan, step, new Read(subcommand, args, argv));
  }

  /** The words read with the clause's options that take a value: one letter for a short one. */
  private static Argv argv(List<Word> args, When when) {
    StringBuilder shortOnes = new StringBuilder();
    List<String> longOnes = new ArrayList<>();
    for (String option : when.values()) {
      if (option.length() == 1) {
        shortOnes.append(option);
      } else {
        longOnes.add(option);
      }
    }
    return Argv.of(args, shortOnes.toString(), longOnes.toArray(String[]::new));
  }

  /** Whether one of {@code words} is among the program's arguments, wherever it stands. */
  private static boolean hasWord(Step step, List<String> words) {
    for (Word word : step.args()) {
      if (words.contains(word.text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasAny(Argv argv, List<String> options) {
    for (String option : options) {
      if (option.length() == 1 ? argv.has(option.charAt(0)) : argv.has(option)) {
        return true;
      }
    }
    return false;
  }
}
