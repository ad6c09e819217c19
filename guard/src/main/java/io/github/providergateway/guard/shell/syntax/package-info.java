/**
 * A shell script's syntax tree, as bash reads it, modelled on mvdan/sh's {@code syntax} package:
 * {@link io.github.providergateway.guard.shell.syntax.SyntaxParser#parse} gives a {@link
 * io.github.providergateway.guard.shell.syntax.Script} of statements, commands, words of parts,
 * redirections and assignments, each with its span in the source. Nothing is expanded and nothing
 * runs: a word is its parts as written ({@code "$HOME"/x} a double-quoted parameter expansion and a
 * literal), and a substitution is the statements it would run.
 *
 * <p>The syntax layer of the guard's shell reading; its one entry is {@link
 * io.github.providergateway.guard.shell.syntax.SyntaxParser} (a parse, a walk). It reads no other
 * part of the guard. The resolution ({@code guard.shell}, entry {@code ShellParser}) reads this
 * tree: it takes the wrappers off each simple command, reads the shells and interpreters they run,
 * and puts in the values of the variables the command set.
 */
package io.github.providergateway.guard.shell.syntax;
