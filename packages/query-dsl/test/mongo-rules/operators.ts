/**
 * Only operators that exist in MongoDB 5.0 (the library's floor), each in a place where it means
 * what the library intends: query operators in filters, stages in pipelines, expression operators
 * in aggregation expressions. The lists are those of the MongoDB 5.0 manual pages "Query and
 * Projection Operators", "Aggregation Pipeline Stages" and "Aggregation Pipeline Operators"
 * (https://www.mongodb.com/docs/v5.0/reference/operator/); operators added later ($sortArray,
 * $firstN, $top… in 5.2, $densify 5.1, $fill 5.3, $median 7.0) are deliberately absent.
 */
import { type Command, isPlainObject, type Violations } from './commands.js';

const QUERY_OPERATORS_50: ReadonlySet<string> = new Set(
  (
    '$eq $gt $gte $in $lt $lte $ne $nin $and $not $nor $or $exists $type $expr $jsonSchema $mod ' +
    '$regex $options $text $where $geoIntersects $geoWithin $near $nearSphere $all $elemMatch $size ' +
    '$bitsAllClear $bitsAllSet $bitsAnyClear $bitsAnySet $comment'
  ).split(' '),
);

const STAGES_50: ReadonlySet<string> = new Set(
  (
    '$addFields $bucket $bucketAuto $collStats $count $facet $geoNear $graphLookup $group ' +
    '$indexStats $limit $lookup $match $merge $out $planCacheStats $project $redact $replaceRoot ' +
    '$replaceWith $sample $set $setWindowFields $skip $sort $sortByCount $unionWith $unset $unwind'
  ).split(' '),
);

const EXPRESSION_OPERATORS_50: ReadonlySet<string> = new Set(
  (
    '$abs $accumulator $acos $acosh $add $addToSet $allElementsTrue $and $anyElementTrue ' +
    '$arrayElemAt $arrayToObject $asin $asinh $atan $atan2 $atanh $avg $binarySize $bsonSize $ceil ' +
    '$cmp $concat $concatArrays $cond $convert $cos $cosh $dateAdd $dateDiff $dateFromParts ' +
    '$dateFromString $dateSubtract $dateToParts $dateToString $dateTrunc $dayOfMonth $dayOfWeek ' +
    '$dayOfYear $degreesToRadians $divide $eq $exp $filter $first $floor $function $getField $gt ' +
    '$gte $hour $ifNull $in $indexOfArray $indexOfBytes $indexOfCP $isArray $isNumber $isoDayOfWeek ' +
    '$isoWeek $isoWeekYear $last $let $literal $ln $log $log10 $lt $lte $ltrim $map $max ' +
    '$mergeObjects $meta $millisecond $min $minute $mod $month $multiply $ne $not $objectToArray $or ' +
    '$pow $push $radiansToDegrees $rand $range $reduce $regexFind $regexFindAll $regexMatch ' +
    '$replaceAll $replaceOne $reverseArray $round $rtrim $sampleRate $second $setDifference ' +
    '$setEquals $setField $setIntersection $setIsSubset $setUnion $sin $sinh $size $slice $split ' +
    '$sqrt $stdDevPop $stdDevSamp $strcasecmp $strLenBytes $strLenCP $substr $substrBytes $substrCP ' +
    '$subtract $sum $switch $tan $tanh $toBool $toDate $toDecimal $toDouble $toInt $toLong $toLower ' +
    '$toObjectId $toString $toUpper $trim $trunc $type $unsetField $week $year $zip'
  ).split(' '),
);

/** Operators that take a filter (or filters) rather than a value. */
const FILTER_ARGUMENTS = new Set(['$and', '$or', '$nor', '$elemMatch', '$not']);

function filterOperatorViolations(filter: unknown, where: string, out: Violations = []): Violations {
  if (Array.isArray(filter)) {
    for (const [index, item] of filter.entries()) filterOperatorViolations(item, `${where}[${index}]`, out);
    return out;
  }
  if (!isPlainObject(filter)) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (!key.startsWith('$')) {
      // A field: a value, or an object of operators.
      if (isPlainObject(value) && Object.keys(value).some((name) => name.startsWith('$')))
        filterOperatorViolations(value, `${where}.${key}`, out);
      continue;
    }
    if (!QUERY_OPERATORS_50.has(key)) out.push(`${where}: ${key} is not a MongoDB 5.0 query operator`);
    if (FILTER_ARGUMENTS.has(key)) filterOperatorViolations(value, `${where}.${key}`, out);
    if (key === '$expr') expressionViolations(value, `${where}.$expr`, out);
  }
  return out;
}

function expressionViolations(value: unknown, where: string, out: Violations = []): Violations {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) expressionViolations(item, `${where}[${index}]`, out);
    return out;
  }
  if (!isPlainObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('$')) {
      if (!EXPRESSION_OPERATORS_50.has(key))
        out.push(`${where}: ${key} is not a MongoDB 5.0 expression operator`);
      if (key === '$literal') continue;
      if ((key === '$filter' || key === '$map') && isPlainObject(child)) {
        for (const [argument, inner] of Object.entries(child))
          if (argument !== 'as') expressionViolations(inner, `${where}.${key}.${argument}`, out);
        continue;
      }
    }
    expressionViolations(child, `${where}.${key}`, out);
  }
  return out;
}

function stageViolations(stage: Record<string, unknown>, where: string, out: Violations = []): Violations {
  const names = Object.keys(stage);
  if (names.length !== 1) return [...out, `${where}: a stage with ${names.length} names`];
  const name = names[0]!;
  const body = stage[name];
  if (!STAGES_50.has(name)) out.push(`${where}: ${name} is not a MongoDB 5.0 stage`);
  if (name === '$match') filterOperatorViolations(body, `${where}.$match`, out);
  if ((name === '$project' || name === '$set' || name === '$addFields') && isPlainObject(body))
    for (const [path, value] of Object.entries(body))
      expressionViolations(value, `${where}.${name}.${path}`, out);
  if (name === '$lookup' && isPlainObject(body) && Array.isArray(body.pipeline))
    (body.pipeline as Record<string, unknown>[]).forEach((inner, index) => {
      stageViolations(inner, `${where}.$lookup.pipeline[${index}]`, out);
    });
  return out;
}

export function operatorRule({ mongo }: Command): Violations {
  const out: Violations = [];
  const { read, counts } = mongo;
  if (read.kind === 'find') {
    filterOperatorViolations(read.filter, 'filter', out);
    // A find projection holds 0/1 only here; its operators ($elemMatch, $slice) are find-only.
    for (const [path, value] of Object.entries(read.options.projection ?? {}))
      if (typeof value === 'object') out.push(`projection.${path}: an operator in a find projection`);
  } else
    for (const [index, stage] of read.pipeline.entries()) stageViolations(stage, `pipeline[${index}]`, out);
  if (counts)
    for (const [name, filter] of Object.entries(counts))
      filterOperatorViolations(filter, `counts.${name}`, out);
  return out;
}
