// The industry group rules live in src/rules (the deal pages and the search read them too).
export {
  createGroupResolver,
  groupOfIndustries,
  topLevelGroups,
  type IndustryGroup,
  type IndustryTaxon,
} from "../../rules/industry-groups.ts";
