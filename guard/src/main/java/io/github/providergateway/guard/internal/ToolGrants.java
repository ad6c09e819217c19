package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A server's tool that lets someone in (decision 179, read by {@code acts.tool-acts}): its name
 * gives a member, a role, a permission or a share ({@code add_project_member}, {@code edit_role},
 * {@code core_role_assign_roles}, {@code create_permission}), or its arguments open what it holds
 * to anyone ({@code "type": "anyone"}, {@code "scope": "anonymous"}, {@code "visibility": "open"},
 * {@code "publicDownloads": true}, a JSON Patch's {@code {"path": "/visibility", "value":
 * "open"}}). Access given on a SaaS outlives the session and is seldom looked at again; the blind
 * rounds' trades gave it through their own servers' tools in words no verb list named.
 */
final class ToolGrants {
  private ToolGrants() {}

  /** The verbs of a tool's name that give or change what someone may do. */
  private static final Set<String> GIVING =
      NameSet.of(
          "add", "create", "edit", "update", "set", "assign", "invite", "grant", "share", "give",
          "change", "modify", "patch", "put", "upsert", "insert", "elevate", "promote", "make");

  /** The nouns of a tool's name for who may do what. */
  private static final Set<String> ACCESS =
      NameSet.of(
          "member",
          "members",
          "membership",
          "memberships",
          "role",
          "roles",
          "permission",
          "permissions",
          "perms",
          "collaborator",
          "collaborators",
          "acl",
          "acls",
          "access",
          "sharing",
          "owner",
          "owners",
          "admin",
          "admins",
          "administrator",
          "moderator",
          "moderators",
          "guest",
          "guests",
          "delegate",
          "delegates",
          "delegation",
          "rights",
          "privilege",
          "privileges");

  /**
   * {@return whether a tool's name (its words, the first no read) gives someone access}
   *
   * @param words the name's words, lower case
   */
  static boolean grantsByName(List<String> words) {
    boolean giving = false;
    boolean access = false;
    for (String word : words) {
      giving |= GIVING.contains(word);
      access |= ACCESS.contains(word);
    }
    return giving && access;
  }

  /** The values that open a thing to anyone, in a field that says who may reach it. */
  private static final Set<String> ANYONE =
      NameSet.of(
          "public",
          "anyone",
          "anybody",
          "anonymous",
          "everyone",
          "world",
          "internet",
          "allusers",
          "public-read",
          "public_read",
          "public-read-write",
          "anyonewithlink",
          "anyone_with_link",
          "anyone-with-link",
          "publicread");

  /** The parts of a field's name that say who may reach what it configures. */
  private static final Set<String> WHO =
      NameSet.of(
          "visibility",
          "privacy",
          "audience",
          "sharing",
          "scope",
          "acl",
          "access",
          "type",
          "role",
          "permission",
          "share",
          "level",
          "mode",
          // decision 302: a document's default security, an ACL entry's principal
          "security",
          "principal",
          "grantee",
          // round 72: a video's privacy, who may view or embed it ("privacy": {"view": "anybody"})
          "view",
          "embed");

  /** The parts of a flag's name that, set true, open it to anyone. */
  private static final Set<String> OPEN_FLAGS =
      NameSet.of("public", "everyone", "anonymous", "anyone", "world");

  /** The parts of a flag's name that turn an opening off, or guard against it. */
  private static final Set<String> CLOSING =
      NameSet.of(
          "block", "restrict", "deny", "prevent", "no", "disable", "disallow", "private", "not");

  /**
   * {@return what opens the tool's object to anyone ({@code "type: anyone"}), or {@code null}}
   *
   * @param args the tool's arguments
   */
  static String madePublic(JsonNode args) {
    return ArgumentFields.first(args, ToolGrants::patched, ToolGrants::opened);
  }

  /** A JSON Patch operation's field and value, read as the field itself. */
  private static String patched(JsonNode op) {
    JsonNode path = op.get("path");
    JsonNode value = op.get("value");
    if (path == null || value == null || !path.isTextual() || path.asText().length() > 128) {
      return null;
    }
    String text = path.asText();
    return opened(text.substring(text.lastIndexOf('/') + 1), value);
  }

  /** Whether one field opens its object to anyone: {@code "private": false} and the above. */
  private static String opened(String key, JsonNode value) {
    if (key.isEmpty() || key.length() > 64) {
      return null;
    }
    List<String> parts = ServiceVerbs.split(key);
    if (value.isBoolean()) {
      boolean closing = false;
      boolean open = false;
      for (String part : parts) {
        closing |= CLOSING.contains(part);
        open |= OPEN_FLAGS.contains(part);
      }
      if (parts.equals(List.of("private")) && !value.booleanValue()
          || value.booleanValue() && open && !closing) {
        return key + ": made public";
      }
      return null;
    }
    if (!value.isTextual() || value.asText().length() > 32) {
      return null;
    }
    String text = value.asText().toLowerCase(Locale.ROOT);
    boolean who = false;
    boolean visibility = false;
    for (String part : parts) {
      who |= WHO.contains(part);
      visibility |= part.equals("visibility") || part.equals("privacy");
    }
    return who && (ANYONE.contains(text) || visibility && text.equals("open"))
        ? key + ": " + text
        : null;
  }
}
