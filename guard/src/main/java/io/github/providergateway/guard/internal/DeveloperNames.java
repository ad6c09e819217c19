package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The names of programs that are a developer's or a family's by their spelling, which {@link
 * UnnamedToolActs#unnamedName} leaves to their readings: a developer tool's subcommand program
 * ({@code dotnet-ef}, {@code git-lfs}) and a PowerShell cmdlet ({@code Update-MpSignature}). Since
 * decision 325 the spelling alone is not enough: a trade's tool that begins with a developer's word
 * ({@code make-ready}, {@code stack-yard}) or is written Xx-Yy ({@code Lotto-Admin}) is nobody's.
 */
final class DeveloperNames {
  private DeveloperNames() {}

  /**
   * A developer tool's subcommand run as its own program: {@code dotnet ef} runs {@code dotnet-ef}.
   */
  static boolean subcommand(String program) {
    int dash = program.indexOf('-');
    if (dash <= 0 || !ShapeWords.LOCAL.contains(program.substring(0, dash))) {
      return false;
    }
    // decision 325: make-ready, stack-yard, script-vault are a trade's tools that begin with a
    // developer's word; a subcommand program is a plugin host's, or one a distribution ships
    return SUBCOMMAND_HOSTS.contains(program.substring(0, dash)) || PublicPrograms.known(program);
  }

  /** The developer tools that run programs named {@code tool-x} as their subcommands. */
  private static final Set<String> SUBCOMMAND_HOSTS =
      NameSet.of(
          "git",
          "go", // go-task, go-bindata: the Go ecosystem's tools
          "gh",
          "glab",
          "hub",
          "cargo",
          "rustup",
          "dotnet",
          "docker",
          "podman",
          "npm",
          "pnpm",
          "yarn",
          "bun",
          "node",
          "pip",
          "pip3",
          "pipx",
          "poetry",
          "pdm",
          "hatch",
          "uv",
          "conda",
          "mamba",
          "gem",
          "bundle",
          "rake",
          "rails",
          "mvn",
          "gradle",
          "sbt",
          "terraform",
          "tofu",
          "pulumi",
          "ansible",
          "pre-commit",
          "brew",
          "flutter",
          "dart",
          "swift",
          "composer",
          "python",
          "python3",
          "ssh",
          "gpg",
          "openssl",
          "clang",
          "gcc",
          "cmake",
          "helm",
          "kubectl",
          "eslint",
          "prettier",
          "jest",
          "vite",
          "nx",
          "turbo",
          "webpack",
          "storybook",
          "next",
          "nuxt",
          "astro");

  /** A PowerShell cmdlet, Verb-Noun: the windows family's. */
  static boolean cmdlet(String program) {
    int dash = program.indexOf('-');
    return dash > 0
        && Character.isUpperCase(program.charAt(0))
        && dash + 1 < program.length()
        && Character.isUpperCase(program.charAt(dash + 1))
        && CMDLET_VERBS.contains(program.substring(0, dash)); // not Grid-Ops (decision 325)
  }

  /** PowerShell's verbs, the first part of every cmdlet's name ({@code Get-Verb}). */
  private static final Set<String> CMDLET_VERBS =
      NameSet.of(
          "Add",
          "Approve",
          "Assert",
          "Backup",
          "Block",
          "Build",
          "Checkpoint",
          "Clear",
          "Close",
          "Compare",
          "Complete",
          "Compress",
          "Confirm",
          "Connect",
          "Convert",
          "ConvertFrom",
          "ConvertTo",
          "Copy",
          "Debug",
          "Deny",
          "Deploy",
          "Disable",
          "Disconnect",
          "Dismount",
          "Edit",
          "Enable",
          "Enter",
          "Exit",
          "Expand",
          "Export",
          "Find",
          "Format",
          "Get",
          "Grant",
          "Group",
          "Hide",
          "Import",
          "Initialize",
          "Install",
          "Invoke",
          "Join",
          "Limit",
          "Lock",
          "Measure",
          "Merge",
          "Mount",
          "Move",
          "New",
          "Open",
          "Optimize",
          "Out",
          "Ping",
          "Pop",
          "Protect",
          "Publish",
          "Push",
          "Read",
          "Receive",
          "Redo",
          "Register",
          "Remove",
          "Rename",
          "Repair",
          "Request",
          "Reset",
          "Resize",
          "Resolve",
          "Restart",
          "Restore",
          "Resume",
          "Revoke",
          "Save",
          "Search",
          "Select",
          "Send",
          "Set",
          "Show",
          "Skip",
          "Sort",
          "Split",
          "Start",
          "Step",
          "Stop",
          "Submit",
          "Suspend",
          "Switch",
          "Sync",
          "Tee",
          "Test",
          "Trace",
          "Unblock",
          "Undo",
          "Uninstall",
          "Unlock",
          "Unprotect",
          "Unpublish",
          "Unregister",
          "Update",
          "Use",
          "Wait",
          "Watch",
          "Where",
          "Write",
          "ForEach");
}
