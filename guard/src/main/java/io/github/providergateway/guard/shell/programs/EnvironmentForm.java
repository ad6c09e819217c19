package io.github.providergateway.guard.shell.programs;

/** How the value of an environment variable that programs read runs. */
public enum EnvironmentForm {
  /** A shell command (a pager, an editor, git's ssh command). */
  COMMAND,
  /** A file a shell sources before it runs. */
  SOURCED,
  /** A library loaded into every program started: code, not a command. */
  LIBRARY,
  /** git settings, {@code 'key=value'} each. */
  GIT_CONFIG,
  /** A shell function exported through the environment ({@code BASH_FUNC_ls%%=() { …; }}). */
  FUNCTION,
  /** A prompt string, whose substitutions run when it is shown ({@code PS4} under {@code -x}). */
  PROMPT,
  /** tar's options, read as tar reads its own. */
  TAR_OPTIONS,
  /** node's options, which may load code ({@code --import=data:…}, {@code --require}). */
  NODE_OPTIONS
}
