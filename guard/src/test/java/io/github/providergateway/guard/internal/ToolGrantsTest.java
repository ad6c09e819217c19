package io.github.providergateway.guard.internal;

import static io.github.providergateway.guard.internal.ShapeObjectsTest.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server's tool that lets someone in (decision 179): a name that gives a member, a role, a
 * permission or a share; arguments that open what it holds to anyone. Read by {@code
 * acts.tool-acts}, so each case goes through {@link ToolActs#toolActs} as the rule does.
 */
class ToolGrantsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static String acts(String tool, String args) throws Exception {
    return ToolActs.toolActs(tool(tool, args));
  }

  private static String opened(String args) throws Exception {
    return ToolGrants.madePublic(JSON.readTree(args));
  }

  @Test
  void aNameThatGivesAMemberARoleOrAPermissionIsRead() throws Exception {
    for (String name :
        List.of(
            "mcp__crowdin__add_project_member",
            "mcp__discord__edit_role",
            "mcp__moodle__core_role_assign_roles",
            "mcp__gdrive__create_permission",
            "mcp__sharepoint__create_sharing_link",
            "mcp__github__add_collaborator",
            "mcp__okta__addGroupMembers",
            "mcp__gitlab__update_member_access_level",
            "mcp__workspace__set_delegate",
            "mcp__snowflake__grant_privileges")) {
      assertThat(acts(name, "{\"id\": 7}")).as(name).isNotNull();
    }
  }

  @Test
  void aNameThatOnlyReadsOrTakesAccessAwayIsNotAGrant() throws Exception {
    for (String name :
        List.of(
            "mcp__github__list_collaborators",
            "mcp__moodle__get_user_roles",
            "mcp__crowdin__remove_project_member",
            "mcp__github__create_issue",
            "mcp__notion__update_page",
            "mcp__crowdin__add_string",
            "mcp__seam__add_device_note")) {
      assertThat(acts(name, "{\"id\": 7}")).as(name).isNull();
    }
  }

  @Test
  void aGrantOnATestOrStagingPlaceIsNotAsked() throws Exception {
    assertThat(
            acts(
                "mcp__seam__create_access_code",
                "{\"workspace\": \"sandbox\", \"device_id\": \"3b9c\", \"code\": \"8812\"}"))
        .isNull();
    assertThat(
            acts(
                "mcp__seam__create_access_code",
                "{\"workspace\": \"hq-production\", \"device_id\": \"3b9c\", \"code\": \"8812\"}"))
        .contains("gives access");
  }

  @Test
  void argumentsThatOpenAThingToAnyoneAreRead() throws Exception {
    assertThat(opened("{\"role\": \"reader\", \"type\": \"anyone\"}")).isEqualTo("type: anyone");
    assertThat(opened("{\"type\": \"view\", \"scope\": \"anonymous\"}"))
        .isEqualTo("scope: anonymous");
    assertThat(opened("{\"settings\": {\"visibility\": \"open\"}}")).isEqualTo("visibility: open");
    assertThat(opened("{\"publicDownloads\": true}")).isEqualTo("publicDownloads: made public");
    assertThat(opened("{\"item\": {\"everyone\": true, \"org\": true}}"))
        .isEqualTo("everyone: made public");
    assertThat(opened("{\"private\": false}")).isEqualTo("private: made public");
    assertThat(opened("{\"Bucket\": \"b\", \"ACL\": \"public-read\"}"))
        .isEqualTo("ACL: public-read");
    assertThat(opened("{\"sharing\": {\"link_access\": \"anyone_with_link\"}}"))
        .isEqualTo("link_access: anyone_with_link");
    assertThat(
            opened(
                "{\"patch\": [{\"op\": \"replace\", \"path\": \"/visibility\", \"value\": \"open\"}]}"))
        .isEqualTo("visibility: open");
    assertThat(opened("[{\"op\": \"add\", \"path\": \"/settings/isPublic\", \"value\": true}]"))
        .isEqualTo("isPublic: made public");
  }

  @Test
  void argumentsThatKeepAThingClosedAreNotRead() throws Exception {
    for (String args :
        List.of(
            "{\"BlockPublicAcls\": true, \"RestrictPublicBuckets\": true}",
            "{\"private\": true}",
            "{\"public\": false}",
            "{\"visibility\": \"private\"}",
            "{\"visibility\": \"internal\"}",
            "{\"state\": \"open\"}",
            "{\"type\": \"open\"}",
            "{\"disablePublicLinks\": true}",
            "{\"noPublicAccess\": true}",
            "{\"patch\": [{\"op\": \"replace\", \"path\": \"/visibility\", \"value\": \"private\"}]}",
            "{\"title\": \"make it public\", \"body\": \"anyone\"}")) {
      assertThat(opened(args)).as(args).isNull();
    }
  }

  @Test
  void argumentsAreReadThreeLevelsDownAndNoFurther() throws Exception {
    assertThat(opened("{\"a\": {\"b\": {\"c\": {\"visibility\": \"public\"}}}}")).isNotNull();
    assertThat(opened("{\"a\": {\"b\": {\"c\": {\"d\": {\"visibility\": \"public\"}}}}}")).isNull();
  }
}
