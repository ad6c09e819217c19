package io.github.providergateway.guard.shell.syntax;

import java.util.List;

/**
 * A command made of other commands, or one bash reads by a grammar of its own: {@code ( … )},
 * {@code { …; }}, {@code if}, {@code while} and {@code until}, {@code for} and {@code select},
 * {@code for (( … ))}, {@code case}, {@code (( … ))} and {@code [[ … ]]}. Each may be followed by
 * redirections that apply to all of it ({@code done > log}), which its span includes.
 */
public sealed interface CompoundCommand extends Command
    permits Subshell,
        Group,
        IfClause,
        WhileClause,
        ForClause,
        ArithmeticForClause,
        CaseClause,
        ArithmeticCommand,
        TestClause {

  /** {@return the redirections after it, in order; empty when none} */
  List<Redirection> redirections();
}
